import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Select Billing (/app/selectbilling). Placeholder until its issue lands: replace this file.
export default function SelectBillingPage() {
  return <PlaceholderPage title="Convert XLSX Billing Statement into Tally XML or Excel" />;
}
