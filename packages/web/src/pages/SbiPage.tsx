import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Per-bank parser (/app/sbi). Placeholder until its issue lands: replace this file.
export default function SbiPage() {
  return <PlaceholderPage title="SBI Bank Statement Parser" />;
}
