// Real statements as scans: each PDF of ../shared/corpus-real rasterised at 200 dpi grey (pdftoppm,
// Debian's poppler-utils), its pages wrapped as an image-only PDF (pdfkit), read through the reader
// pool as the server reads it, and scored against the statement's truth (rows matched on date,
// amounts and balance). Decision 022.
// Run: node packages/statements/scripts/scans-report.ts [--max-pages 12] [NAME ...]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { closePool, extractStatement } from '../src/extract.ts';
import { StatementError } from '../src/errors.ts';

const REAL = path.resolve(import.meta.dirname, '../../../../shared/corpus-real');
const DPI = 200;
const args = process.argv.slice(2);
const maxAt = args.indexOf('--max-pages');
const maxPages = maxAt >= 0 ? Number(args.splice(maxAt, 2)[1]) : 12;
const only = new Set(args);

interface TruthRow {
  date: string;
  withdrawal: number;
  deposit: number;
  balance: number | null;
}
const manifest = JSON.parse(readFileSync(path.join(REAL, 'manifest.json'), 'utf8')) as {
  files: { file: string; format: string; pages: number; password: string | null }[];
};

/** The page images as a PDF of one image a page, each page the image's size at DPI. */
function imagePdf(images: string[]): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const file of images) {
    // pdfkit's openImage (undeclared in its types) gives the image's pixel size before it is drawn
    const image = (doc as unknown as { openImage(b: Buffer): { width: number; height: number } }).openImage(
      readFileSync(file),
    );
    const [w, h] = [(image.width * 72) / DPI, (image.height * 72) / DPI];
    doc.addPage({ size: [w, h], margin: 0 });
    doc.image(image as unknown as Buffer, 0, 0, { width: w, height: h });
  }
  doc.end();
  return done;
}

const key = (r: TruthRow) =>
  [
    r.date,
    r.withdrawal.toFixed(2),
    r.deposit.toFixed(2),
    r.balance === null ? '-' : r.balance.toFixed(2),
  ].join('|');

const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-scans-'));
let matched = 0;
let expected = 0;
try {
  for (const f of manifest.files) {
    const name = path.basename(f.file, '.pdf');
    if (f.format !== 'pdf' || f.pages > maxPages || (only.size > 0 && !only.has(name))) continue;
    const prefix = path.join(dir, name);
    const pw = f.password ? ['-upw', f.password] : [];
    execFileSync('pdftoppm', ['-r', String(DPI), '-gray', '-jpeg', ...pw, path.join(REAL, f.file), prefix]);
    const pages = readdirSync(dir)
      .filter((p) => p.startsWith(`${name}-`))
      .sort((a, b) => Number(/-(\d+)\.jpg$/.exec(a)![1]) - Number(/-(\d+)\.jpg$/.exec(b)![1]))
      .map((p) => path.join(dir, p));
    const bytes = await imagePdf(pages);
    writeFileSync(`${prefix}.scan.pdf`, bytes);
    const truth = JSON.parse(
      readFileSync(path.join(REAL, f.file.replace(/\.pdf$/, '.truth.json')), 'utf8'),
    ) as {
      transactions: TruthRow[];
    };
    const started = performance.now();
    let line: string;
    try {
      const { result } = await extractStatement(bytes);
      const got = new Map<string, number>();
      for (const t of result.accounts.flatMap((a) => a.transactions)) {
        const k = key({
          ...t,
          withdrawal: t.withdrawal / 100,
          deposit: t.deposit / 100,
          balance: t.balance && t.balance / 100,
        });
        got.set(k, (got.get(k) ?? 0) + 1);
      }
      let m = 0;
      for (const r of truth.transactions) {
        const n = got.get(key(r)) ?? 0;
        if (n > 0) {
          got.set(key(r), n - 1);
          m++;
        }
      }
      matched += m;
      line = `${m}/${truth.transactions.length} rows`;
    } catch (err) {
      line = `${err instanceof StatementError ? err.code : String(err)}`;
    }
    expected += truth.transactions.length;
    const s = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${name.padEnd(36)} ${String(pages.length).padStart(3)} pages  ${line}  ${s} s\n`);
  }
  process.stdout.write(`total ${matched}/${expected} rows\n`);
} finally {
  await closePool();
  rmSync(dir, { recursive: true, force: true });
}
