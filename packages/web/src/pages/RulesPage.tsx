import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Rules screen (/app/rules). Placeholder until its issue lands: replace this file.
export default function RulesPage() {
  return <PlaceholderPage title="Chunking Rules Manager" />;
}
