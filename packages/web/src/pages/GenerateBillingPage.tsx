import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Generate Billing (/app/genratebilling). Placeholder until its issue lands: replace this file.
export default function GenerateBillingPage() {
  return <PlaceholderPage title="Convert XLSX Billing Statement into Tally XML or Excel" />;
}
