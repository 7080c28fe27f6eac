// Builds the parser fixtures from the corpus with the production reader: a small SourceDocument JSON
// per bank (the one-page statements, an RPT excerpt, an XLSX export) and, only with --write-golden,
// the expected outputs. A fixture that exists is kept unless --force is given.
//   node packages/statements/scripts/make-fixtures.ts [--bank CODE] [--write-golden] [--force]
// Golden files change only on purpose: review the diff before committing.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { BANK_CODES } from '@bahi/core';
import path from 'node:path';
import { parseStatement, toTruthJson } from '../src/parse/index.ts';
import type { SourceDocument } from '../src/source.ts';
import { loadSource } from '../test/parse/load-source.ts';

const corpus = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const fixtures = path.resolve(import.meta.dirname, '../test/fixtures');
const writeGolden = process.argv.includes('--write-golden');
const force = process.argv.includes('--force');
const onlyBank = process.argv.includes('--bank')
  ? process.argv[process.argv.indexOf('--bank') + 1]
  : undefined;

const jobs: { bank: string; file: string; name: string; trim?: (d: SourceDocument) => SourceDocument }[] = [
  ...BANK_CODES.map((b) => ({ bank: b, file: `${b}_short.pdf`, name: 'short' })),
  { bank: 'BOB', file: 'BOB_consolidated.pdf', name: 'consolidated' },
  {
    bank: 'SBI',
    file: 'SBI_report.rpt',
    name: 'report',
    trim: (d) => (d.kind === 'lines' ? { ...d, lines: d.lines.slice(0, 60) } : d),
  },
  {
    bank: 'UNION',
    file: 'UNION_report.rpt',
    name: 'report',
    trim: (d) => (d.kind === 'lines' ? { ...d, lines: d.lines.slice(0, 60) } : d),
  },
  {
    bank: 'HDFC',
    file: 'HDFC_export.xlsx',
    name: 'export',
    trim: (d) =>
      d.kind === 'sheets' ? { ...d, sheets: d.sheets.map((s) => ({ ...s, rows: s.rows.slice(0, 45) })) } : d,
  },
];

const round = (n: number) => Math.round(n * 100) / 100;
for (const job of jobs) {
  if (onlyBank && job.bank !== onlyBank) continue;
  const dir = path.join(fixtures, job.bank);
  const target = path.join(dir, `${job.name}.source.json`);
  if (existsSync(target) && !force) {
    console.log(`${job.bank}/${job.name}: kept (it exists; --force writes it again)`);
    continue;
  }
  const truth = JSON.parse(
    await readFile(path.join(corpus, job.bank, job.file.replace(/\.\w+$/, '.truth.json')), 'utf8'),
  );
  let doc = await loadSource(path.join(corpus, job.bank, job.file), truth.password);
  if (job.trim) doc = job.trim(doc);
  if (doc.kind === 'pages') {
    doc = {
      ...doc,
      pages: doc.pages.map((p) => ({
        ...p,
        words: p.words.map((w) => ({
          text: w.text,
          x: round(w.x),
          y: round(w.y),
          width: round(w.width),
          height: round(w.height),
        })),
      })),
    };
  }
  await mkdir(dir, { recursive: true });
  await writeFile(target, JSON.stringify(doc) + '\n');
  if (writeGolden) {
    await writeFile(
      path.join(dir, `${job.name}.expected.json`),
      JSON.stringify(toTruthJson(parseStatement(doc)), null, 1) + '\n',
    );
  }
  console.log(`${job.bank}/${job.name}`);
}
