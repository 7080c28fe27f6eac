// How the scan bench scores one read statement and prints its table (scripts/scan-bench.ts reads
// the scans, scripts/scan-rescore.ts parses again what a run saved with --docs).
import type { StatementResult } from '../src/parse/index.ts';
import { judgeParse } from '../test/perturb/judge.ts';
import type { ScanCase, ScanClass } from '../test/ocr/scan-bench.ts';

export interface ClassRow {
  cls: ScanClass;
  statements: number;
  exact: number;
  expected: number;
  matched: number;
  wrong: number;
  unflagged: number;
  /** wrong rows in an account whose reconciliation says it holds: the result vouches for them */
  vouched: number;
  /** right rows flagged: what the flags cost the user (a check of a row that was read right) */
  flaggedRight: number;
  textMatched: number;
  pages: number;
  seconds: number;
  /** CPU of the reading process (its recogniser's thread included), seconds */
  cpuSeconds: number;
  peakMb: number;
}

export function classRow(cls: ScanClass): ClassRow {
  return {
    cls,
    statements: 0,
    exact: 0,
    expected: 0,
    matched: 0,
    wrong: 0,
    unflagged: 0,
    vouched: 0,
    flaggedRight: 0,
    textMatched: 0,
    pages: 0,
    seconds: 0,
    cpuSeconds: 0,
    peakMb: 0,
  };
}

/** One read statement scored into its class's row; returns the detail a verbose run prints. */
export function scoreRead(row: ClassRow, truth: ScanCase['truth'], result: StatementResult): string {
  const { score } = judgeParse(truth, result);
  // every row read exactly and no other (narrations aside: OCR's letters are not this bench's measure)
  const exact = score.matched === score.expected && score.found === score.expected;
  row.exact += exact ? 1 : 0;
  row.matched += score.matched;
  row.wrong += score.found - score.matched;
  // a found row that matches no truth row and carries no flag: the worst outcome, a silent error
  const truthKeys = new Map<string, number>();
  const keyOf = (t: { date: string; withdrawal: number; deposit: number; balance: number | null }) =>
    `${t.date}|${t.withdrawal.toFixed(2)}|${t.deposit.toFixed(2)}|${t.balance?.toFixed(2)}`;
  for (const t of truth.transactions) truthKeys.set(keyOf(t), (truthKeys.get(keyOf(t)) ?? 0) + 1);
  let flagged = 0;
  for (const a of result.accounts) {
    for (const t of a.transactions) {
      const k = keyOf({
        date: t.date,
        withdrawal: t.withdrawal / 100,
        deposit: t.deposit / 100,
        balance: t.balance === null ? null : t.balance / 100,
      });
      const n = truthKeys.get(k) ?? 0;
      if (n > 0) {
        truthKeys.set(k, n - 1);
        if (t.ocrFlag) row.flaggedRight++;
      } else {
        if (!t.ocrFlag) row.unflagged++;
        if (a.reconciliation.ok) row.vouched++;
      }
      if (t.ocrFlag) flagged++;
    }
  }
  return `${score.matched}/${score.expected}${exact ? ' exact' : ''}${flagged ? ` (${flagged} flagged)` : ''}`;
}

/** The bench's table, a line a class and one for all. */
export function printTable(rows: Iterable<ClassRow>): void {
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  console.log(
    `\n| class | statements with every row | rows exact | wrong rows (unflagged) | wrong in a reconciled account | right rows flagged | text layer rows | pages | s/page | CPU s/page | peak RSS MB |\n|---|---|---|---|---|---|---|---|---|---|---|`,
  );
  const all = classRow('clean');
  const line = (name: string, r: ClassRow) =>
    console.log(
      `| ${name} | ${r.exact}/${r.statements} | ${r.matched}/${r.expected} (${pct(r.matched, r.expected)}) | ${r.wrong} (${r.unflagged}) | ${r.vouched} | ${r.flaggedRight} | ${r.textMatched} | ${r.pages} | ${(r.seconds / Math.max(r.pages, 1)).toFixed(1)} | ${(r.cpuSeconds / Math.max(r.pages, 1)).toFixed(1)} | ${Math.round(r.peakMb)} |`,
    );
  for (const r of rows) {
    line(r.cls, r);
    for (const k of [
      'statements',
      'exact',
      'expected',
      'matched',
      'wrong',
      'unflagged',
      'vouched',
      'flaggedRight',
      'textMatched',
      'pages',
      'seconds',
      'cpuSeconds',
    ] as const)
      all[k] += r[k];
    all.peakMb = Math.max(all.peakMb, r.peakMb);
  }
  line('**all**', all);
}
