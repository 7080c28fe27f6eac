import { ParserScreen } from '../bank/ParserScreen.tsx';

// Bank of Baroda parser (/app/bob), with the Fallback Accounts of consolidated statements (spec section 2 'Per-bank parser screens').
export default function BobPage() {
  return (
    <ParserScreen
      settings={{
        bank: 'bob',
        title: 'Bank of Baroda Statement Parser',
        accept: '.pdf',
        failure: 'Failed to parse statement. Please check the file or password.',
        fallbackAccounts: true,
      }}
    />
  );
}
