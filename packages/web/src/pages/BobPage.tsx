import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Per-bank parser (/app/bob). Placeholder until its issue lands: replace this file.
export default function BobPage() {
  return <PlaceholderPage title="Bank of Baroda Statement Parser" />;
}
