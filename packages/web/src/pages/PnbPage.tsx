import { ParserScreen } from '../bank/ParserScreen.tsx';

// PNB parser (/app/pnb): PDFs and images; only PDFs are checked for a password (spec section 2 'Per-bank parser screens').
export default function PnbPage() {
  return (
    <ParserScreen
      settings={{
        bank: 'pnb',
        title: 'PNB Bank Statement Parser',
        accept: '.pdf,image/*',
        failure: 'Failed to parse PNB statement',
        passwordPlaceholder: 'Enter PDF Password',
        passwordOnlyForPdf: true,
      }}
    />
  );
}
