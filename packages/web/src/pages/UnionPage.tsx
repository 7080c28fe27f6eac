import { ParserScreen } from '../bank/ParserScreen.tsx';

// Union Bank parser (/app/union); its button is disabled while busy like the others (the original's was not: a defect) (spec section 2 'Per-bank parser screens').
export default function UnionPage() {
  return (
    <ParserScreen
      settings={{
        bank: 'union',
        title: 'Union Bank Statement Parser',
        accept: '.pdf',
        failure: 'Failed to parse Union Bank statement',
      }}
    />
  );
}
