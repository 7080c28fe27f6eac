import { PlaceholderPage } from '../components/PlaceholderPage.tsx';

// Create vouchers (/app/createvoucher). Placeholder until its issue lands: replace this file.
export default function CreateVoucherPage() {
  return <PlaceholderPage title="Voucher Entry" />;
}
