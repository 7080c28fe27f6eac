import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Per-bank parser (/app/union). Placeholder until its issue lands: replace this file.
export default function UnionPage() {
  return <PlaceholderPage title="Union Bank Statement Parser" />;
}
