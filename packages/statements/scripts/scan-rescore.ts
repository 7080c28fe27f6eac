// The scan bench's reads parsed and scored again without the recogniser: what a run of
// scripts/scan-bench.ts saved with --docs=DIR (each statement's SourceDocument and truth). A change
// to the parse (rows, flags, reconciliation) is measured on the whole bench in seconds; a change to
// the reader needs the bench itself.
//   node packages/statements/scripts/scan-rescore.ts DIR [CLASS ...] [-v]
// (a statement the bench could not read, TIMEOUT, left no document: it is not counted here)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseStatement } from '../src/index.ts';
import type { SourceDocument } from '../src/source.ts';
import type { ScanCase, ScanClass } from '../test/ocr/scan-bench.ts';
import { type ClassRow, classRow, printTable, scoreRead } from './scan-score.ts';

const args = process.argv.slice(2);
const [dir, ...classes] = args.filter((a) => !a.startsWith('-'));
if (!dir) throw new Error('usage: scan-rescore.ts DIR [CLASS ...] [-v]');
const only = new Set(classes);
const verbose = args.includes('-v');
const table = new Map<ScanClass, ClassRow>();
for (const f of readdirSync(dir)
  .filter((f) => f.endsWith('.doc.json'))
  .sort()) {
  const saved = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as {
    name: string;
    cls: ScanClass;
    truth: ScanCase['truth'];
    doc: SourceDocument;
  };
  if (only.size && !only.has(saved.cls)) continue;
  const row = table.get(saved.cls) ?? classRow(saved.cls);
  table.set(saved.cls, row);
  row.statements++;
  row.expected += saved.truth.transactions.length;
  if (saved.doc.kind === 'pages') row.pages += saved.doc.pages.length;
  let detail: string;
  try {
    detail = scoreRead(row, saved.truth, parseStatement(saved.doc));
  } catch (err) {
    detail = `threw ${(err as Error).message}`;
  }
  if (verbose) console.log(`${saved.name.padEnd(34)} ${detail}`);
}
printTable(table.values());
