// OCR of the generated scan and photo (make-scans.ts; slow: run with `npm run test:ocr`). Checks the
// reader, not the parser: every amount printed on the page is among the recognised words, the words
// carry positions on the page, and the page is marked as OCR'd.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { closeOcr } from '../../src/read/ocr.ts';
import { readDocument } from '../../src/read/index.ts';
import type { ExtractOutput } from '../../src/worker/job.ts';
import { StatementPool } from '../../src/worker/pool.ts';
import { scanAmounts, scanBytes, scanTruth } from './make-scans.ts';

after(() => closeOcr());

/**
 * Digits only: OCR sometimes drops a grouping comma or reads it as a point (7.314.78); every digit in
 * its place is what matters.
 */
const digits = (s: string) => s.replace(/[^0-9]/g, '');

const scans = [
  { file: 'scanned.pdf', format: 'pdf-scanned' },
  { file: 'photo.jpg', format: 'image' },
] as const;

for (const f of scans) {
  test(`${f.file}: every amount is read, words are on the page`, async () => {
    const r = await readDocument(scanBytes(f.file));
    assert.equal(r.doc.kind, 'pages');
    if (r.doc.kind !== 'pages') return;
    assert.equal(r.doc.format, f.format);
    assert.equal(r.pages, 1);
    const words = r.doc.pages.flatMap((p) => p.words);
    for (const p of r.doc.pages) {
      assert.equal(p.ocr, true);
      for (const w of p.words) {
        assert.ok(w.confidence !== undefined && w.confidence >= 0 && w.confidence <= 100, 'confidence');
        assert.ok(w.x > -5 && w.x + w.width < p.width + 5, 'x on the page');
        assert.ok(w.y > -5 && w.y + w.height < p.height + 5, 'y on the page');
      }
    }
    const read = new Set(words.map((w) => digits(w.text)));
    const truth = scanTruth();
    const amounts = scanAmounts();
    const missing = amounts.filter((a) => !read.has(digits(a)));
    assert.ok(
      missing.length <= amounts.length * 0.01,
      `${f.file}: ${missing.length}/${amounts.length} amounts not read: ${missing.slice(0, 5).join(' ')}`,
    );
    // Deskewed rows: each balance shares a line with a date (centres within half a line height),
    // although the balance is printed far to the right of the date on a skewed scan.
    const dateWords = words.filter((w) => /^\d{2}[-/]\d{2}[-/]\d{4}$/.test(w.text));
    assert.ok(dateWords.length >= truth.length, `${f.file}: dates read`);
    const mid = (w: { y: number; height: number }) => w.y + w.height / 2;
    const balances = new Set(truth.map((t) => digits(Math.abs(t.balance).toFixed(2))));
    const balanceWords = words.filter((w) => balances.has(digits(w.text)));
    const aligned = balanceWords.filter((b) =>
      dateWords.some((d) => d.x < b.x && Math.abs(mid(d) - mid(b)) < b.height / 2),
    );
    // (A balance can also be printed in the summary, on a line without a date.)
    assert.ok(
      aligned.length >= truth.length * 0.95,
      `${f.file}: ${aligned.length} of ${truth.length} balances on a date's line`,
    );
  });
}

test('OCR runs inside the worker pool, and the pool closes cleanly after', async () => {
  // time enough for a loaded machine: this checks where OCR runs, not how fast (the benches do)
  const pool = new StatementPool({ size: 1, baseMs: 120_000, perPageMs: 120_000 });
  try {
    const out = (await pool.run({ op: 'extract', bytes: scanBytes('photo.jpg') })) as ExtractOutput;
    assert.equal(out.format, 'image');
    assert.equal(out.ocrPages, 1);
    assert.ok(out.size > 100, 'words read');
  } finally {
    await pool.close();
  }
});

test('a scanned page that carries a little text of its own (a scanner stamp) is still read by OCR', async () => {
  const { default: PDFDocument } = await import('pdfkit');
  const photo = scanBytes('photo.jpg');
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.addPage({ size: 'A4', margin: 0 });
  doc.image(Buffer.from(photo), 0, 0, { fit: [595, 842] });
  doc.fontSize(7).text('Scanned with CamScanner', 20, 820, { lineBreak: false });
  doc.end();
  await done;
  const r = await readDocument(new Uint8Array(Buffer.concat(chunks)));
  assert.equal(r.doc.kind, 'pages');
  if (r.doc.kind !== 'pages') return;
  assert.equal(r.doc.pages[0]!.ocr, true, 'the image was read, not only the stamp');
  assert.ok(r.doc.pages[0]!.words.length > 50, `${r.doc.pages[0]!.words.length} words`);
});
