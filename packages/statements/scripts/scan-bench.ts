// The scan bench's report (issue 32): generated statements printed and scanned per class
// (test/ocr/scan-bench.ts), read in this process as a reader reads them (readDocument, then
// parseStatement, then the second look at doubtful dates a job takes: scan/date-cells.ts), scored
// against their truth. Prints per class: statements with every row read
// exactly and no other, rows exact (date, amounts and balance), wrong rows and how many of them
// carry no flag, wrong rows in an account whose reconciliation says it holds (the worst outcome:
// the result vouches for them), right rows flagged (what the flags cost: a check the user makes of a
// row read right), the rows the same statement's text layer gives (the recipe's own
// ceiling), seconds and CPU seconds a page (process.cpuUsage: the recogniser's thread included) and
// the peak resident memory of this process while that class was read.
// Run (nice it: OCR takes a core):
//   nice node packages/statements/scripts/scan-bench.ts [PER_CLASS=2] [CLASS ...] [-v] [--out=DIR]
// --out writes every scanned PDF to DIR (to look at, or to read again with `bahi parse`).
// --docs writes what the reader made of each (its SourceDocument, with the truth) to DIR, for
// scripts/scan-rescore.ts to parse and score again without the recogniser (a parse change is
// measured on the whole bench in seconds).
// A large run (the 300 pages: PER_CLASS=12, ~330 pages, hours on a shared machine):
// --interleave takes the classes in turn (a run stopped early still has every class), --part=K/N
// reads every Nth of those cases from the Kth (N processes share a run), --resume skips a case whose
// read --docs already holds (a stopped run goes on); scan-rescore.ts DIR then scores them all.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseStatement, readDocument } from '../src/index.ts';
import { Trace } from '../src/parse/trace.ts';
import { closeOcr } from '../src/read/ocr.ts';
import { rereadDateCells } from '../src/scan/date-cells.ts';
import { judgeParse } from '../test/perturb/judge.ts';
import { makeScan, type ScanCase, scanCases, SCAN_CLASSES, type ScanClass } from '../test/ocr/scan-bench.ts';
import { type ClassRow, classRow, printTable, scoreRead } from './scan-score.ts';

const args = process.argv.slice(2);
const perClass = Number(args.find((a) => /^\d+$/.test(a)) ?? 2);
const only = args.filter((a) => (SCAN_CLASSES as readonly string[]).includes(a)) as ScanClass[];
const verbose = args.includes('-v');
const outDir = args.find((a) => a.startsWith('--out='))?.slice(6);
const docsDir = args.find((a) => a.startsWith('--docs='))?.slice(7);
const part = /^--part=(\d+)\/(\d+)$/.exec(args.find((a) => a.startsWith('--part=')) ?? '');
const resume = args.includes('--resume');
const docFile = (c: ScanCase) => path.join(docsDir ?? '.', `${c.name.replace(/\W+/g, '_')}.doc.json`);

/** The cases, the classes in turn: each class's first, then each class's second... */
function interleave(cases: ScanCase[]): ScanCase[] {
  const byClass = new Map<ScanClass, ScanCase[]>();
  for (const c of cases) byClass.set(c.cls, [...(byClass.get(c.cls) ?? []), c]);
  const out: ScanCase[] = [];
  for (let i = 0; out.length < cases.length; i++)
    for (const list of byClass.values()) if (list[i]) out.push(list[i]!);
  return out;
}

let cases = scanCases(perClass, only.length ? only : undefined);
if (args.includes('--interleave')) cases = interleave(cases);
if (part) cases = cases.filter((_c, i) => i % Number(part[2]) === Number(part[1]));
if (resume && docsDir) cases = cases.filter((c) => !existsSync(docFile(c)));

function rssMb(): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

const table = new Map<ScanClass, ClassRow>();
const started = performance.now();
for (const c of cases) {
  const { pdf, pages, text } = await makeScan(c);
  if (outDir) writeFileSync(path.join(outDir, `${c.name.replace(/\W+/g, '_')}.pdf`), pdf);
  const row = table.get(c.cls) ?? classRow(c.cls);
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
  const cpu0 = process.cpuUsage();
  let detail: string;
  try {
    const read = await readDocument(pdf, { preview: false });
    if (docsDir)
      writeFileSync(
        docFile(c),
        JSON.stringify({ name: c.name, cls: c.cls, dpi: c.dpi, truth: c.truth, doc: read.doc }),
      );
    const trace = new Trace();
    const result = parseStatement(read.doc, { trace });
    // a flagged row whose date is in doubt has its date cells read again, as a job does (worker/job.ts)
    if (read.doc.kind === 'pages' && read.doc.format === 'pdf-scanned')
      await rereadDateCells(result, read.doc, trace, pdf);
    detail = scoreRead(row, c.truth, result);
  } catch (err) {
    detail = `threw ${(err as Error).message}`;
  }
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  const s = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu0);
  const cpu = (used.user + used.system) / 1e6;
  row.cpuSeconds += cpu;
  row.statements++;
  row.expected += c.truth.transactions.length;
  row.pages += pages;
  row.seconds += s;
  row.peakMb = Math.max(row.peakMb, peak);
  if (verbose)
    console.log(
      `${c.name.padEnd(34)} dpi ${c.dpi} q ${c.quality} ${pages} p  ${detail}  ${s.toFixed(1)} s, ${cpu.toFixed(1)} s CPU`,
    );
}
await closeOcr();

printTable(table.values());
console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s in all`);
