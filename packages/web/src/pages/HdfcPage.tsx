import { ParserScreen } from '../bank/ParserScreen.tsx';

// HDFC parser (/app/hdfc) (spec section 2 'Per-bank parser screens').
export default function HdfcPage() {
  return (
    <ParserScreen
      settings={{
        bank: 'hdfc',
        title: 'HDFC Bank Statement Parser',
        accept: '.pdf',
        failure: 'Failed to parse statement. Please check the file or password.',
        statementInfo: true,
      }}
    />
  );
}
