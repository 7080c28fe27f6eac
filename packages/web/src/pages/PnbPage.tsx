import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Per-bank parser (/app/pnb). Placeholder until its issue lands: replace this file.
export default function PnbPage() {
  return <PlaceholderPage title="PNB Bank Statement Parser" />;
}
