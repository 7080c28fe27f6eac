// Two marked-up statement rows (a payment with its ledger, a receipt without) as the result screen
// sends them for export: shared by the XML download tests and the bridge's end-to-end test.
export const EXPORT_ROWS = [
  {
    Date: '01-04-2025',
    Description: 'UPI-RAVI KUMAR-ravi@okaxis-RENT',
    Withdrawal: '12,000.00',
    Deposit: '',
    ClosingBalance: '88,000.00',
    LedgerName: 'Rent',
  },
  {
    Date: '02-04-2025',
    Description: 'NEFT-ACME TRADERS-INV 42',
    Withdrawal: '',
    Deposit: '1,50,000.50',
    ClosingBalance: '2,38,000.50',
  },
];
