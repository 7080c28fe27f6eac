import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { StatementError } from '../../src/errors.ts';
import { checkPassword, detectFileKind, readDocument } from '../../src/read/index.ts';
import { readPdf } from '../../src/read/pdf.ts';
import { readRpt, FORM_FEED_LINE } from '../../src/read/rpt.ts';
import { readXlsx } from '../../src/read/xlsx.ts';
import { corpusBytes, corpusNeeded, manifest } from './corpus.ts';

const pdfs = manifest.files.filter((f) => f.file.endsWith('.pdf'));
const textPdfs = pdfs.filter((f) => f.format === 'pdf');
const protectedFiles = manifest.files.filter((f) => f.password);

async function rejectsWith(p: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(err instanceof StatementError, `expected a StatementError, got ${String(err)}`);
    assert.equal(err.code, code);
    return true;
  });
}

describe('detectFileKind', corpusNeeded, () => {
  test('judges every corpus file by its content', () => {
    const expected: Record<string, string> = { pdf: 'pdf', 'pdf-scanned': 'pdf', png: 'png', rpt: 'rpt' };
    for (const f of manifest.files) {
      const kind = detectFileKind(corpusBytes(f.file));
      if (f.format.startsWith('xlsx')) {
        assert.equal(kind, f.password ? 'xlsx-encrypted' : 'xlsx', f.file);
      } else {
        assert.equal(kind, expected[f.format], f.file);
      }
    }
  });

  test('empty, text, and unknown binary', () => {
    assert.equal(detectFileKind(new Uint8Array()), 'empty');
    assert.equal(detectFileKind(new TextEncoder().encode('Date,Amount\n01/04/2025,5.00\n')), 'rpt');
    assert.equal(detectFileKind(new Uint8Array([0, 1, 2, 3, 250, 251, 0, 7])), 'unknown');
  });

  test('photos in other formats are images', async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const c = createCanvas(20, 10);
    assert.equal(detectFileKind(new Uint8Array(await c.encode('webp'))), 'webp');
    assert.equal(detectFileKind(new Uint8Array(await c.encode('jpeg'))), 'jpeg');
    assert.equal(detectFileKind(new Uint8Array(await c.encode('png'))), 'png');
    // A zip that is not a workbook is not an XLSX.
    assert.equal(
      detectFileKind(new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)])),
      'unknown',
    );
  });
});

describe('PDF reader', corpusNeeded, () => {
  test('page counts match the manifest (text layer only)', async () => {
    for (const f of pdfs) {
      const r = await readPdf(corpusBytes(f.file), { password: f.password ?? undefined, ocr: false });
      assert.equal(r.pageCount, f.pages, f.file);
      assert.equal(r.pages.length, f.pages, f.file);
    }
  });

  test('word positions lie on the page, top-left origin, header above the table', async () => {
    for (const f of textPdfs.slice(0, 6)) {
      const r = await readPdf(corpusBytes(f.file), { password: f.password ?? undefined });
      assert.equal(r.format, 'pdf');
      for (const page of r.pages) {
        assert.ok(page.words.length > 20, `${f.file} p${page.number} has words`);
        assert.ok(!page.ocr);
        for (const w of page.words) {
          assert.ok(w.text.trim().length > 0);
          assert.ok(w.x >= 0 && w.x + w.width <= page.width + 1, `${f.file} x in page`);
          assert.ok(w.y >= 0 && w.y + w.height <= page.height + 1, `${f.file} y in page`);
          assert.ok(w.height > 0 && w.width > 0);
        }
      }
      // The bank's name is printed at the top of page 1, so the first word by y is in the top fifth.
      const first = r.pages[0].words.reduce((a, b) => (b.y < a.y ? b : a));
      assert.ok(first.y < r.pages[0].height / 5, `${f.file} first line near the top`);
    }
  });

  for (const f of protectedFiles.filter((p) => p.file.endsWith('.pdf'))) {
    test(`password: ${f.file} required / wrong / right`, async () => {
      const bytes = corpusBytes(f.file);
      assert.deepEqual(await checkPassword(bytes), { password_required: true });
      await rejectsWith(readDocument(bytes), 'PASSWORD_REQUIRED');
      await rejectsWith(readDocument(bytes, { password: 'wrong-' + f.password }), 'WRONG_PASSWORD');
      const r = await readDocument(bytes, { password: f.password! });
      assert.equal(r.pages, f.pages);
    });
  }

  test('an unprotected PDF needs no password, and ignores one given', async () => {
    const f = textPdfs.find((p) => !p.password)!;
    assert.deepEqual(await checkPassword(corpusBytes(f.file)), { password_required: false });
    const r = await readDocument(corpusBytes(f.file), { password: 'anything' });
    assert.equal(r.pages, f.pages);
  });
});

describe('XLSX reader', corpusNeeded, () => {
  const xlsx = manifest.files.filter((f) => f.format.startsWith('xlsx'));

  test('every sheet as dense rows; date cells as ISO strings; numbers as numbers', async () => {
    for (const f of xlsx) {
      const { sheets } = await readXlsx(corpusBytes(f.file), { password: f.password ?? undefined });
      assert.ok(sheets.length >= 1);
      const rows = sheets.flatMap((s) => s.rows);
      assert.ok(rows.length >= f.transactions, `${f.file}: at least one row per transaction`);
      for (const row of rows) {
        for (const cell of row) {
          assert.ok(cell === null || typeof cell === 'number' || typeof cell === 'string');
          if (typeof cell === 'string') assert.equal(cell, cell.trim());
        }
        if (row.length > 0) assert.notEqual(row[row.length - 1], null, 'no trailing empty cells');
      }
      const numbers = rows.flat().filter((c) => typeof c === 'number');
      assert.ok(numbers.length >= f.transactions, `${f.file}: amounts are numbers`);
      // Each transaction row carries a date: as an ISO string if the cell is a date cell, otherwise
      // as the printed text. Either way the truth's first date must be findable.
      const truth = JSON.parse(new TextDecoder().decode(corpusBytes(f.truth))) as {
        transactions: { date: string }[];
      };
      const iso = rows.flat().filter((c) => typeof c === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(c));
      if (iso.length > 0) assert.ok(iso.includes(truth.transactions[0].date), `${f.file} ISO dates`);
    }
  });

  for (const f of protectedFiles.filter((p) => p.file.endsWith('.xlsx'))) {
    test(`password: ${f.file} required / wrong / right`, async () => {
      const bytes = corpusBytes(f.file);
      assert.deepEqual(await checkPassword(bytes), { password_required: true });
      await rejectsWith(readDocument(bytes), 'PASSWORD_REQUIRED');
      await rejectsWith(readDocument(bytes, { password: 'wrong' }), 'WRONG_PASSWORD');
      const r = await readDocument(bytes, { password: f.password! });
      assert.equal(r.doc.kind, 'sheets');
    });
  }

  test('a plain workbook needs no password', async () => {
    const f = xlsx.find((p) => !p.password)!;
    assert.deepEqual(await checkPassword(corpusBytes(f.file)), { password_required: false });
  });
});

describe('RPT reader', corpusNeeded, () => {
  for (const f of manifest.files.filter((p) => p.format === 'rpt')) {
    test(`${f.file}: lines without CR, form feeds as marker lines, page count`, () => {
      const { lines, pageCount } = readRpt(corpusBytes(f.file));
      assert.equal(pageCount, f.pages);
      assert.ok(lines.every((l) => !l.includes('\r')));
      assert.ok(lines.every((l) => l === FORM_FEED_LINE || !l.includes('\f')));
      assert.equal(lines.filter((l) => l === FORM_FEED_LINE).length >= f.pages - 1, true);
    });
  }

  test('latin1 fallback and form feed inside a line', () => {
    const bytes = new Uint8Array([0x41, 0xa3, 0x0d, 0x0a, 0x42, 0x0c, 0x43, 0x0d, 0x0a]);
    const { lines, pageCount } = readRpt(bytes);
    assert.deepEqual(lines, ['A£', 'B', FORM_FEED_LINE, 'C']);
    assert.equal(pageCount, 2);
  });
});

describe('refusals', () => {
  test('a file whose content contradicts its .pdf name is refused', async () => {
    const text = new TextEncoder().encode('Date,Amount\n01/04/2025,5.00\n');
    await rejectsWith(readDocument(text, { fileName: 'statement.pdf' }), 'UNSUPPORTED');
    const r = await readDocument(text, { fileName: 'statement.rpt' });
    assert.equal(r.doc.kind, 'lines');
  });

  test('unknown binary is unsupported; empty is unreadable', async () => {
    await rejectsWith(readDocument(new Uint8Array([0, 1, 2, 3, 250, 251, 0, 7])), 'UNSUPPORTED');
    await rejectsWith(readDocument(new Uint8Array()), 'UNREADABLE');
  });
});

describe('XLSX cell conversion', () => {
  test('dates, rich text, formulas, hyperlinks, blanks', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['  Txn Date ', 'Narration', 'Amount']);
    ws.addRow([new Date(Date.UTC(2025, 2, 31)), { richText: [{ text: 'UPI/' }, { text: 'RENT' }] }, 1234.5]);
    ws.getCell('A3').value = new Date(Date.UTC(2024, 1, 29, 18, 30));
    ws.getCell('C3').value = { formula: 'C2*2', result: 2469 };
    ws.getCell('B3').value = { text: 'link', hyperlink: 'https://example.com' };
    ws.getCell('E3').value = '   ';
    const buf = new Uint8Array(await wb.xlsx.writeBuffer());
    const { sheets } = await readXlsx(buf);
    assert.deepEqual(sheets[0].rows, [
      ['Txn Date', 'Narration', 'Amount'],
      ['2025-03-31', 'UPI/RENT', 1234.5],
      ['2024-02-29', 'link', 2469],
    ]);
  });
});

describe('PDF pages without text', () => {
  test('a blank page is not sent to OCR', async () => {
    const { default: PDFDocument } = await import('pdfkit');
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => doc.on('end', resolve));
    doc.addPage();
    doc.end();
    await done;
    const started = Date.now();
    const r = await readPdf(new Uint8Array(Buffer.concat(chunks)));
    assert.equal(r.pageCount, 2);
    assert.equal(r.format, 'pdf');
    assert.deepEqual(
      r.pages.map((p) => [p.words.length, p.ocr ?? false]),
      [
        [0, false],
        [0, false],
      ],
    );
    assert.ok(Date.now() - started < 1000, 'no OCR start-up');
  });
});
