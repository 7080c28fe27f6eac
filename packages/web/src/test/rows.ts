import type { StatementTransaction } from '@bahi/contract';

/** Two read rows as the result screen holds them: a payment without a ledger, a receipt with one. */
export const SAMPLE_ROWS: StatementTransaction[] = [
  {
    Date: '01-04-2025',
    Description: 'UPI-RAVI-ravi@okaxis-RENT',
    Withdrawal: '12,000.00',
    Deposit: '',
    ClosingBalance: '88,000.00',
    LedgerName: '',
  },
  {
    Date: '02-04-2025',
    Description: 'NEFT-ACME TRADERS',
    Withdrawal: '',
    Deposit: '1,50,000.50',
    ClosingBalance: '2,38,000.50',
    LedgerName: 'Sales',
  },
];
