import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Per-bank parser (/app/hdfc). Placeholder until its issue lands: replace this file.
export default function HdfcPage() {
  return <PlaceholderPage title="HDFC Bank Statement Parser" />;
}
