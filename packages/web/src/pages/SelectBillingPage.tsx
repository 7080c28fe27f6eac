import { BillingUploadForm } from '../billing/UploadForm.tsx';

// Select Billing (/app/selectbilling): the items workbook and an amount; posts /item-master/get-data.
export default function SelectBillingPage() {
  return <BillingUploadForm secondary={false} />;
}
