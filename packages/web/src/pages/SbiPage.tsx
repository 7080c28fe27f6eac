import { ParserScreen } from '../bank/ParserScreen.tsx';

// SBI parser (/app/sbi) (spec section 2 'Per-bank parser screens').
export default function SbiPage() {
  return (
    <ParserScreen
      settings={{
        bank: 'sbi',
        title: 'SBI Bank Statement Parser',
        accept: '.pdf',
        failure: 'Failed to parse SBI statement',
      }}
    />
  );
}
