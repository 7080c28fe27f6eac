// The result screen's work on a year of a busy account (issue 19: 20,000 rows), outside the browser
// on the same V8: turning the server's answer into rows, the filter index, a keystroke's filter,
// Apply Ledger to Filtered, and the whole-set Excel export. Budgets: the table within 1 s of the
// answer, a filter or an apply within 50 ms. Run: npm run bench -w @bahi/web
import { gzipSync, gunzipSync } from 'node:zlib';
import type { StatementTransaction, StoredRow } from '@bahi/contract';
import { toXlsx } from '../src/bank/export.ts';
import { filterIndexes, indexBounds, indexRows } from '../src/bank/rows-index.ts';
import { yearRows } from '../e2e/support/year-statement.ts';
import { formatIndian, checkChain } from '@bahi/core';
import { measure } from '../../core/bench/measure.ts';

const N = Number(process.env.ROWS) || 20_000;

const money = (r: number) => (r ? formatIndian(Math.round(r * 100)) : '');
const { rows: year } = yearRows(N);
const stored: StoredRow[] = year.map((r) => [
  r.date.replace(/\//g, '-').replace(/-(\d\d)$/, '-20$1'),
  r.narration,
  money(r.withdrawal),
  money(r.deposit),
  money(r.balance),
]);
const answerText = JSON.stringify({ rows: stored, ledgers: stored.map(() => '') });
const gz = gzipSync(answerText, { level: 1 });
console.log(
  `${N} rows: answer ${(answerText.length / 1e6).toFixed(2)} MB, gzipped ${(gz.length / 1e6).toFixed(2)} MB`,
);

let content: StatementTransaction[] = [];
measure('answer -> rows (gunzip, JSON.parse, objects)', 10, () => {
  const page = JSON.parse(gunzipSync(gz).toString('utf8')) as { rows: StoredRow[] };
  content = page.rows.map((r) => ({
    Date: r[0],
    Description: r[1],
    Withdrawal: r[2],
    Deposit: r[3],
    ClosingBalance: r[4],
  }));
});
let index = indexRows(content);
measure('filter index of every row (once per load or fix)', 10, () => {
  index = indexRows(content);
  indexBounds(index);
});
measure('balance chain of every row (once per load or fix)', 10, () =>
  checkChain(content, { opening: 50_000_000, closing: null }),
);
const filter = { keywords: ['payee05'], only: 'all' as const, from: '', to: '' };
let shown: number[] = [];
measure('a keystroke: keyword filter over every row', 50, () => {
  shown = filterIndexes(index, filter);
});
measure('a keystroke: keyword + dates + withdrawals only', 50, () =>
  filterIndexes(index, {
    keywords: ['store', '1'],
    only: 'withdrawals',
    from: '2024-06-01',
    to: '2025-01-31',
  }),
);
let ledgers = content.map(() => '');
measure('Apply Ledger to Filtered (ledgers + rows with names)', 20, () => {
  const next = ledgers.slice();
  for (const i of shown) if (!next[i]) next[i] = 'Rent';
  ledgers = next;
  return content.map((r, i) => ({ ...r, LedgerName: ledgers[i] }));
});
const withNames = content.map((r, i) => ({ ...r, LedgerName: ledgers[i] }));
measure('Excel export of the whole set', 5, () => toXlsx(withNames));
