import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Plan screen (/app/pay). Placeholder until its issue lands: replace this file.
export default function PayPage() {
  return <PlaceholderPage title="Choose Your Plan" />;
}
