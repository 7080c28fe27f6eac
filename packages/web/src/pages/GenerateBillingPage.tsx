import { BillingUploadForm } from '../billing/UploadForm.tsx';

// Generate Billing (/app/genratebilling): as Select Billing, plus the optional 'Upload Additional XLSX'
// (dated amounts); posts /itemssss/get-data.
export default function GenerateBillingPage() {
  return <BillingUploadForm secondary />;
}
