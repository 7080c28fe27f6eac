import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Billing statement screen (/app/billing). Placeholder until its issue lands: replace this file.
export default function BillingPage() {
  return <PlaceholderPage title="Billing Statement" />;
}
