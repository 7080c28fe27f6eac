// Turned pages: a PDF page with /Rotate, whether its text is upright in the content (a page
// turned afterwards, e.g. qpdf --rotate) or drawn sideways and turned back for display (how some
// scanners store pages), comes out with its words in the text's own reading frame.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import PDFDocument from 'pdfkit';
import { extractStatementInProcess } from '../../src/extract.ts';
import { readPdf } from '../../src/read/pdf.ts';
import { CORPUS, corpusNeeded } from './corpus.ts';

const hasQpdf = spawnSync('sh', ['-c', 'command -v qpdf']).status === 0;

function pdfBytes(draw: (doc: PDFKit.PDFDocument) => void): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  );
  draw(doc);
  doc.end();
  return done;
}

const LINES = [
  ['Date', 'Narration', 'Balance'],
  ['01/04/2025', 'OPENING', '1,000.00'],
  ['02/04/2025', 'UPI-RENT', '900.00'],
];

function drawRows(doc: PDFKit.PDFDocument, x0: number, y0: number): void {
  doc.font('Helvetica').fontSize(10);
  LINES.forEach((row, r) =>
    row.forEach((t, c) => doc.text(t, x0 + c * 120, y0 + r * 20, { lineBreak: false })),
  );
}

/** Rows read across, in order, top to bottom: the reading frame. */
function assertUpright(words: { text: string; x: number; y: number }[]): void {
  const byText = new Map(words.map((w) => [w.text, w]));
  for (const [r, row] of LINES.entries()) {
    const ws = row.map((t) => byText.get(t));
    assert.ok(
      ws.every((w) => w),
      `all of ${row.join(' ')} read`,
    );
    for (let c = 1; c < ws.length; c++) {
      assert.ok(Math.abs(ws[c]!.y - ws[0]!.y) < 1, `${row[c]} on the line of ${row[0]}`);
      assert.ok(ws[c]!.x > ws[c - 1]!.x, `${row[c]} right of ${row[c - 1]}`);
    }
    if (r > 0) assert.ok(ws[0]!.y > byText.get(LINES[r - 1][0])!.y + 10, 'next row below');
  }
}

describe('PDF /Rotate', corpusNeeded, () => {
  for (const turn of [90, 180, 270]) {
    test(`text drawn turned ${turn}° and /Rotate ${turn} reads upright`, async () => {
      const bytes = await pdfBytes((doc) => {
        // pdfkit's rotate is clockwise on the page as drawn; /Rotate turns it back for display.
        doc.save();
        doc.rotate(-turn, { origin: [297, 421] });
        drawRows(doc, 150, 300);
        doc.restore();
        (doc.page.dictionary.data as Record<string, unknown>).Rotate = turn;
      });
      const r = await readPdf(bytes, { ocr: false });
      assertUpright(r.pages[0].words);
      const p = r.pages[0];
      for (const w of p.words) assert.ok(w.x >= 0 && w.y >= 0 && w.x < p.width && w.y < p.height);
    });

    test(`upright text on a page given /Rotate ${turn} keeps its frame`, async () => {
      const bytes = await pdfBytes((doc) => {
        drawRows(doc, 60, 100);
        (doc.page.dictionary.data as Record<string, unknown>).Rotate = turn;
      });
      const r = await readPdf(bytes, { ocr: false });
      assertUpright(r.pages[0].words);
      assert.equal(Math.round(r.pages[0].width), 595, 'portrait, as the text reads');
    });
  }

  test(
    'a corpus PDF turned with qpdf --rotate reads exactly as the original',
    { skip: !hasQpdf && 'qpdf not installed (apt-get install qpdf)' },
    async () => {
      const src = path.join(CORPUS, 'AXIS/AXIS_short.pdf');
      const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-rot-'));
      try {
        const original = await readPdf(new Uint8Array(readFileSync(src)), { ocr: false });
        const expected = await extractStatementInProcess(new Uint8Array(readFileSync(src)));
        assert.ok(expected.result.accounts[0].transactions.length > 0);
        for (const turn of ['+90', '180', '+270']) {
          const out = path.join(dir, `r${turn}.pdf`);
          execFileSync('qpdf', [`--rotate=${turn}`, src, out]);
          const bytes = new Uint8Array(readFileSync(out));
          const turned = await readPdf(bytes, { ocr: false });
          assert.equal(turned.pages.length, original.pages.length);
          for (const [i, p] of turned.pages.entries()) {
            const o = original.pages[i];
            assert.deepEqual([p.width, p.height], [o.width, o.height], `page ${i + 1} size`);
            assert.deepEqual(
              p.words.map((w) => [w.text, w.x.toFixed(2), w.y.toFixed(2)]),
              o.words.map((w) => [w.text, w.x.toFixed(2), w.y.toFixed(2)]),
              `${turn}: page ${i + 1} words`,
            );
          }
          const x = await extractStatementInProcess(new Uint8Array(readFileSync(out)));
          assert.deepEqual(x.result.accounts, expected.result.accounts, `${turn}: same statement`);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

// keep the helper honest: a page that is not turned is upright already
test('an unturned page reads upright', async () => {
  const r = await readPdf(await pdfBytes((doc) => drawRows(doc, 60, 100)), { ocr: false });
  assertUpright(r.pages[0].words);
});
