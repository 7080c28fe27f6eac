// A second look at a scanned row's date cells (src/scan/date-cells.ts; decision 041, session 25).
// The scan bench's photo BOB statement (seed 47559, 1 page, 200 dpi) as session 21's reader read it,
// its words joined as the reader joins them now: 3 Feb's date read '02-Feb-2024' (58) beside its
// value date '03-Feb-2024' (74), both in the date order: 18 of 19 rows, the row flagged. Its two
// date cells cut from the page rebuilt from the PDF and read at 2x read '03-Feb-2024' both.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { Trace } from '../../src/parse/trace.ts';
import type { Transaction } from '../../src/parse/types.ts';
import { readDocument } from '../../src/read/index.ts';
import { closeOcr, placedPage } from '../../src/read/ocr.ts';
import { withScannedPages } from '../../src/read/pdf.ts';
import { cellDate, doubtfulDates, rereadDate, rereadDateCells } from '../../src/scan/date-cells.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { rejoined } from './rejoin.ts';
import { makeScan, scanCases } from './scan-bench.ts';

after(() => closeOcr());

const bob = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../fixtures/scan-bench/photo-BOB-47559-s21.read.json'),
    'utf8',
  ),
) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };

/** The saved read as the reader now keeps it: each page with its turn (the photo was read upright). */
const upright = (doc: SourceDocument): SourceDocument =>
  doc.kind === 'pages' ? { ...doc, pages: doc.pages.map((p) => ({ ...p, rotation: 0 as const })) } : doc;

const rows = (...dates: [string, string | null][]): Transaction[] =>
  dates.map(([date, valueDate]) => ({
    date,
    valueDate,
    description: '',
    reference: null,
    withdrawal: 0,
    deposit: 100,
    balance: null,
  }));
const feb = { from: '2024-02-01', to: '2024-02-29' };

test("rereadDate takes the date cell's re-read where it alone keeps the order, and the first read is known wrong or its value date agrees", () => {
  // BOB 47559's first row: 02 Feb beside 03 Feb, both cells read 03 Feb again
  const txs = rows(['2024-02-02', '2024-02-03'], ['2024-02-06', '2024-02-08'], ['2024-02-09', '2024-02-09']);
  const cells = (date: string | null, value: string | null) => ({ date, value });
  assert.equal(rereadDate(txs, 0, feb, cells('2024-02-03', '2024-02-03'), false), '2024-02-03');
  // the date cell read again, the value cell not at all
  assert.equal(rereadDate(txs, 0, feb, cells('2024-02-03', null), false), '2024-02-03');
  // the value cell alone is the bank's (a clearing row, 6 Feb valued 8 Feb): never the date
  assert.equal(rereadDate(txs, 1, feb, cells(null, '2024-02-08'), false), null);
  assert.equal(rereadDate(txs, 0, feb, cells(null, '2024-02-03'), false), null);
  // the cells read apart again, both in order: left
  assert.equal(rereadDate(txs, 0, feb, cells('2024-02-02', '2024-02-03'), false), null);
  assert.equal(rereadDate(txs, 1, feb, cells('2024-02-06', '2024-02-08'), false), null);
  // read as it was, or not read: left
  assert.equal(rereadDate(txs, 0, feb, cells('2024-02-02', '2024-02-02'), false), null);
  assert.equal(rereadDate(txs, 0, feb, cells(null, null), false), null);
  // out of the order (after the next row's) or of the period: nothing
  assert.equal(rereadDate(txs, 0, feb, cells('2024-02-07', '2024-02-07'), false), null);
  assert.equal(rereadDate(txs, 2, feb, cells('2024-03-09', null), true), null);
  // two cells that read alike the first time (9 Feb) are not overruled by two alike now (a strip a
  // row off reads the row above's), unless the first read is known wrong
  assert.equal(rereadDate(txs, 2, feb, cells('2024-02-07', '2024-02-07'), false), null);
  assert.equal(rereadDate(txs, 2, feb, cells('2024-02-19', '2024-02-19'), true), '2024-02-19');
  // of two readings that keep the order, none
  assert.equal(rereadDate(txs, 2, feb, cells('2024-02-19', '2024-02-29'), true), null);
});

test('cellDate reads a re-read cell as the parse reads a scanned date', () => {
  assert.equal(cellDate('03-Feb-2024'), '2024-02-03');
  assert.equal(cellDate('03-Feb- 2024'), '2024-02-03');
  assert.equal(cellDate('2000325'), '2025-03-20');
  assert.equal(cellDate('O3-Fch-2024'), null);
  assert.equal(cellDate(''), null);
});

test("the rows read again are the flagged scanned rows whose date is in doubt: BOB 47559's 3 Feb, not its 25 Feb", () => {
  const doc = upright(rejoined(bob.doc, true));
  const trace = new Trace();
  const result = parseStatement(doc, { trace });
  const picked = doubtfulDates(result, doc, trace).map((d) => d.account.transactions[d.index]!);
  // 3 Feb read 02 Feb beside 03 Feb, flagged; 25 Feb read 25 beside 26, unflagged (the chain vouches)
  assert.ok(picked.some((t) => t.date === '2024-02-02' && t.valueDate === '2024-02-03'));
  assert.ok(!picked.some((t) => t.date === '2024-02-25'));
  assert.ok(picked.every((t) => t.ocrFlag));
  // a page whose turn is not known (a helper reader's) is not read again
  const unknown = rejoined(bob.doc, true);
  assert.equal(doubtfulDates(parseStatement(unknown, { trace }), unknown, trace).length, 0);
});

test("BOB 47559's 3 Feb, read 02 Feb beside 03 Feb, is dated 3 Feb by its cells read again from the PDF: 19 of 19, flagged", async () => {
  const c = scanCases(4, ['photo']).find((k) => k.name === 'photo BOB seed 47559')!;
  const { pdf } = await makeScan(c);
  const doc = upright(rejoined(bob.doc, true));
  const trace = new Trace();
  const result = parseStatement(doc, { trace });
  assert.equal(judgeParse(bob.truth, result).score.matched, 18);
  const done = await rereadDateCells(result, doc, trace, pdf);
  const { score } = judgeParse(bob.truth, result);
  assert.equal(score.matched, 19);
  assert.equal(score.found, 19);
  assert.deepEqual(
    done.redated.map((t) => [t.date, t.ocrFlag]),
    [['2024-02-03', true]],
  );
  assert.ok(trace.decisions.some((d) => d.rule === 'account.ocr-date-mended' && /2x/.test(d.detail)));
  assert.equal(result.accounts[0]?.reconciliation.ok, true);
});

test('a scanned page stored upside down keeps its turn on the page, and is placed again at the size it was read', async () => {
  // the scan bench's turn180 BOM 23799: two pages at 200 dpi, stored upside down
  const c = scanCases(1, ['turn180'])[0]!;
  const { pdf } = await makeScan(c);
  const { doc } = await readDocument(pdf, { preview: false });
  const pages = doc.kind === 'pages' ? doc.pages : [];
  assert.deepEqual(
    pages.map((p) => p.rotation),
    [180, 180],
  );
  await withScannedPages(pdf, [1, 2], undefined, async (n, grey, dpi) => {
    const page = pages[n - 1]!;
    const placed = placedPage(grey, dpi, page.rotation!);
    assert.ok(Math.abs(placed.grey.width * placed.unitsPerPixel - page.width) <= 1);
    assert.ok(Math.abs(placed.grey.height * placed.unitsPerPixel - page.height) <= 1);
  });
});
