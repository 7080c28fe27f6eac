import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Bank selection (/app/select). Placeholder until its issue lands: replace this file.
export default function SelectPage() {
  return <PlaceholderPage title="Bank Statement Parser" />;
}
