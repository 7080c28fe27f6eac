import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Bank statement result (/app/bank). Placeholder until its issue lands: replace this file.
export default function BankPage() {
  return <PlaceholderPage title="Bank Statement" />;
}
