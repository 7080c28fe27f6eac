// The scan bench's report (issue 32): generated statements printed and scanned per class
// (test/ocr/scan-bench.ts), read in this process as a reader reads them (readDocument, then
// parseStatement), scored against their truth. Prints per class: statements with every row read
// exactly and no other, rows exact (date, amounts and balance), wrong rows and how many of them
// carry no flag, wrong rows in an account whose reconciliation says it holds (the worst outcome:
// the result vouches for them), the rows the same statement's text layer gives (the recipe's own
// ceiling), seconds a page and the peak resident memory of this process while that class was read.
// Run (nice it: OCR takes a core):
//   nice node packages/statements/scripts/scan-bench.ts [PER_CLASS=2] [CLASS ...] [-v] [--out=DIR]
// --out writes every scanned PDF to DIR (to look at, or to read again with `bahi parse`).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseStatement, readDocument } from '../src/index.ts';
import { closeOcr } from '../src/read/ocr.ts';
import { judgeParse } from '../test/perturb/judge.ts';
import { makeScan, scanCases, SCAN_CLASSES, type ScanClass } from '../test/ocr/scan-bench.ts';

const args = process.argv.slice(2);
const perClass = Number(args.find((a) => /^\d+$/.test(a)) ?? 2);
const only = args.filter((a) => (SCAN_CLASSES as readonly string[]).includes(a)) as ScanClass[];
const verbose = args.includes('-v');
const outDir = args.find((a) => a.startsWith('--out='))?.slice(6);

function rssMb(): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

interface Row {
  cls: ScanClass;
  statements: number;
  exact: number;
  expected: number;
  matched: number;
  wrong: number;
  unflagged: number;
  /** wrong rows in an account whose reconciliation says it holds: the result vouches for them */
  vouched: number;
  textMatched: number;
  pages: number;
  seconds: number;
  peakMb: number;
}
const table = new Map<ScanClass, Row>();
const started = performance.now();
for (const c of scanCases(perClass, only.length ? only : undefined)) {
  const { pdf, pages, text } = await makeScan(c);
  if (outDir) writeFileSync(path.join(outDir, `${c.name.replace(/\W+/g, '_')}.pdf`), pdf);
  const row = table.get(c.cls) ?? {
    cls: c.cls,
    statements: 0,
    exact: 0,
    expected: 0,
    matched: 0,
    wrong: 0,
    unflagged: 0,
    vouched: 0,
    textMatched: 0,
    pages: 0,
    seconds: 0,
    peakMb: 0,
  };
  table.set(c.cls, row);
  // the same statement's text layer, read as a text PDF: what the scan could give at best
  try {
    const t = judgeParse(c.truth, parseStatement((await readDocument(text, { ocr: false })).doc));
    row.textMatched += t.score.matched;
  } catch {
    // counted as 0
  }
  let peak = rssMb();
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
  const t0 = performance.now();
  let detail: string;
  try {
    const read = await readDocument(pdf);
    const result = parseStatement(read.doc);
    const { score } = judgeParse(c.truth, result);
    // every row read exactly and no other (narrations aside: OCR's letters are not this bench's measure)
    const exact = score.matched === score.expected && score.found === score.expected;
    row.exact += exact ? 1 : 0;
    row.matched += score.matched;
    row.wrong += score.found - score.matched;
    // a found row that matches no truth row and carries no flag: the worst outcome, a silent error
    const truthKeys = new Map<string, number>();
    const keyOf = (t: { date: string; withdrawal: number; deposit: number; balance: number | null }) =>
      `${t.date}|${t.withdrawal.toFixed(2)}|${t.deposit.toFixed(2)}|${t.balance?.toFixed(2)}`;
    for (const t of c.truth.transactions) truthKeys.set(keyOf(t), (truthKeys.get(keyOf(t)) ?? 0) + 1);
    for (const a of result.accounts) {
      for (const t of a.transactions) {
        const k = keyOf({
          date: t.date,
          withdrawal: t.withdrawal / 100,
          deposit: t.deposit / 100,
          balance: t.balance === null ? null : t.balance / 100,
        });
        const n = truthKeys.get(k) ?? 0;
        if (n > 0) truthKeys.set(k, n - 1);
        else {
          if (!t.ocrFlag) row.unflagged++;
          if (a.reconciliation.ok) row.vouched++;
        }
      }
    }
    detail = `${score.matched}/${score.expected}${exact ? ' exact' : ''}`;
  } catch (err) {
    detail = `threw ${(err as Error).message}`;
  }
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  const s = (performance.now() - t0) / 1000;
  row.statements++;
  row.expected += c.truth.transactions.length;
  row.pages += pages;
  row.seconds += s;
  row.peakMb = Math.max(row.peakMb, peak);
  if (verbose)
    console.log(`${c.name.padEnd(34)} dpi ${c.dpi} q ${c.quality} ${pages} p  ${detail}  ${s.toFixed(1)} s`);
}
await closeOcr();

const pct = (a: number, b: number) => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
console.log(
  `\n| class | statements with every row | rows exact | wrong rows (unflagged) | wrong in a reconciled account | text layer rows | pages | s/page | peak RSS MB |\n|---|---|---|---|---|---|---|---|---|`,
);
const all: Row = {
  cls: 'clean',
  statements: 0,
  exact: 0,
  expected: 0,
  matched: 0,
  wrong: 0,
  unflagged: 0,
  vouched: 0,
  textMatched: 0,
  pages: 0,
  seconds: 0,
  peakMb: 0,
};
const line = (name: string, r: Row) =>
  console.log(
    `| ${name} | ${r.exact}/${r.statements} | ${r.matched}/${r.expected} (${pct(r.matched, r.expected)}) | ${r.wrong} (${r.unflagged}) | ${r.vouched} | ${r.textMatched} | ${r.pages} | ${(r.seconds / Math.max(r.pages, 1)).toFixed(1)} | ${Math.round(r.peakMb)} |`,
  );
for (const r of table.values()) {
  line(r.cls, r);
  for (const k of [
    'statements',
    'exact',
    'expected',
    'matched',
    'wrong',
    'unflagged',
    'vouched',
    'textMatched',
    'pages',
    'seconds',
  ] as const)
    all[k] += r[k];
  all.peakMb = Math.max(all.peakMb, r.peakMb);
}
line('**all**', all);
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s in all`);
