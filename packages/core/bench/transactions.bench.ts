// Filtering reruns on every keystroke of the result screen; DESIGN.md budgets 50 ms for 5,000 rows.
import { addDays, formatSpecDate, SPEC_DATE_FORMATS } from '../src/dates.ts';
import { formatIndian } from '../src/money.ts';
import { seededRng } from '../src/random.ts';
import {
  applyLedgerToFiltered,
  dateBounds,
  filterTransactionIndexes,
  type TransactionRow,
} from '../src/transactions.ts';
import { measure } from './measure.ts';

const rng = seededRng(42);
const words = ['UPI', 'NEFT', 'IMPS', 'salary', 'rent', 'zomato', 'kirana', 'ATM', 'cash', 'charges'];
const rows: TransactionRow[] = Array.from({ length: 5000 }, (_, i) => {
  const withdrawal = rng() < 0.6;
  const amount = formatIndian(Math.floor(rng() * 10_000_000));
  return {
    Date: formatSpecDate(
      addDays('2024-04-01', Math.floor(i / 15)),
      SPEC_DATE_FORMATS[i % SPEC_DATE_FORMATS.length],
    ),
    Description: Array.from({ length: 4 }, () => words[Math.floor(rng() * words.length)]).join('/'),
    Withdrawal: withdrawal ? amount : '',
    Deposit: withdrawal ? '' : amount,
    ClosingBalance: formatIndian(Math.floor(rng() * 100_000_000)),
  };
});

const bounds = dateBounds(rows);
measure('dateBounds, 5,000 rows', 20, () => dateBounds(rows));
const worst = measure('filter 5,000 rows (dates, 2 keywords, withdrawals)', 20, () =>
  filterTransactionIndexes(rows, { ...bounds, keywords: ['upi', 'Rent'], only: 'withdrawals' }),
);
measure('filter + apply ledger, 5,000 rows', 20, () =>
  applyLedgerToFiltered(rows, filterTransactionIndexes(rows, { keywords: [], only: 'all' }), 'Suspense'),
);
if (worst.median > 50) {
  console.error('filter is over the 50 ms budget');
  process.exitCode = 1;
}
