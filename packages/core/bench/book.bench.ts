// Filing a month into a long book: the server merges a statement into an account's whole book in
// one request (office/accounts.ts). A busy current account: 20,000 rows (about two years), and a
// statement of 2,500 rows whose first 500 are already in the book.
import { addDays } from '../src/dates.ts';
import { balanceGaps, bookMonths, mergeStatement, type BookRow } from '../src/book.ts';
import { seededRng } from '../src/random.ts';
import { measure } from './measure.ts';

const rng = seededRng(7);
let balance = 50_000_000;
const all: BookRow[] = Array.from({ length: 22_000 }, (_, i) => {
  const out = rng() < 0.6;
  const paise = 100 + Math.floor(rng() * 5_000_000);
  balance += out ? -paise : paise;
  return {
    date: addDays('2024-04-01', Math.floor(i / 30)),
    description: `UPI/${i}/PAYEE ${i % 97}`,
    withdrawal: out ? paise : 0,
    deposit: out ? 0 : paise,
    balance,
    reference: rng() < 0.5 ? `UTR${i}` : null,
  };
});
const book = all.slice(0, 20_000);
const statement = all.slice(19_500);

const merge = measure('merge 2,500 rows (500 overlapping) into a 20,000-row book', 10, () =>
  mergeStatement(book, statement),
);
measure('balance gaps, 22,000 rows', 10, () => balanceGaps(all));
measure('months, 22,000 rows', 10, () => bookMonths(all));
const r = mergeStatement(book, statement);
if (r.added.length !== 2_000 || r.recognised.length !== 500) {
  console.error(`wrong merge: added ${r.added.length}, recognised ${r.recognised.length}`);
  process.exitCode = 1;
}
if (merge.median > 200) {
  console.error('merge is over its 200 ms budget');
  process.exitCode = 1;
}
