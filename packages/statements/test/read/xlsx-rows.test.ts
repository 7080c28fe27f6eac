// Issue 33: an XLSX is read a row at a time into plain cells (read/xlsx-rows.ts), not loaded whole
// by ExcelJS. What a workbook reads as is unchanged: the expected rows below are what ExcelJS's
// `load` gave (the reader before this change, the same files), merged ranges, dates (1900 and
// 1904), formulas' results, rich text, hyperlinks, shared formulas and the workbook's sheet order.
import assert from 'node:assert/strict';
import { inflateRawSync } from 'node:zlib';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { workbookXlsx, zipOf } from '../../scripts/bombs.ts';
import { MAX_XLSX_CELLS, readXlsx } from '../../src/read/xlsx.ts';
import { zipEntries } from '../../src/read/zip.ts';
import { errorOf } from '../extract/pool-checks.ts';

async function workbook(build: (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void, date1904 = false) {
  const wb = new ExcelJS.Workbook();
  if (date1904) wb.properties.date1904 = true;
  build(wb.addWorksheet('Main Sheet'), wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const rowsOf = async (bytes: Buffer) => (await readXlsx(bytes)).sheets.map((s) => [s.name, s.rows]);

test('merged ranges: every cell of a range but its first reads as the first, as ExcelJS loaded them', async () => {
  const bytes = await workbook((ws) => {
    ws.addRow(['Date', 'Narr', '', 'Amt']);
    ws.addRow(['01/04/2025', 'x', null, 5]);
    ws.mergeCells('B1:C1');
    ws.mergeCells('A3:B5');
    ws.getCell('A3').value = 'merged';
    ws.getCell('F8').value = 'far';
    ws.mergeCells('F8:G9');
  });
  const far = [null, null, null, null, null, 'far', 'far'];
  assert.deepEqual(await rowsOf(bytes), [
    [
      'Main Sheet',
      [
        ['Date', 'Narr', 'Narr', 'Amt'],
        ['01/04/2025', 'x', null, 5],
        ['merged', 'merged'],
        ['merged', 'merged'],
        ['merged', 'merged'],
        [],
        [],
        far,
        far,
      ],
    ],
  ]);
  // two ranges sharing a cell: the workbook is damaged (ExcelJS's load refused it)
  const entries = zipEntries(bytes)!;
  const parts = entries.map((e) => {
    const at = e.localHeaderOffset;
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const raw = bytes.subarray(start, start + e.compressedSize);
    let text = (e.method === 8 ? inflateRawSync(raw) : raw).toString('utf8');
    if (e.name === 'xl/worksheets/sheet1.xml')
      text = text.replace('ref="F8:G9"/>', 'ref="F8:G9"/><mergeCell ref="G9:H10"/>');
    return { name: e.name, data: text };
  });
  const err = await errorOf(readXlsx(zipOf(parts, { deflate: true })));
  assert.equal(err.code, 'UNREADABLE');
});

test("dates, 1904 dates, formulas' results, booleans, errors, shared formulas", async () => {
  const dates = await workbook((ws) => {
    ws.addRow([new Date(Date.UTC(2025, 3, 1)), 45000.5, true, false]);
    ws.getCell('B1').numFmt = 'dd/mm/yyyy';
    ws.addRow([
      { formula: 'B1+1', result: 45001 },
      { formula: 'A1', result: new Date(Date.UTC(2025, 3, 2)) },
      { error: '#N/A' },
    ]);
    ws.getCell('A2').numFmt = 'yyyy-mm-dd';
  });
  assert.deepEqual(await rowsOf(dates), [
    [
      'Main Sheet',
      [
        ['2025-04-01', '2023-03-15', 'TRUE', 'FALSE'],
        ['2023-03-16', '2025-04-02'],
      ],
    ],
  ]);
  const d1904 = await workbook((ws) => {
    ws.addRow([new Date(Date.UTC(2025, 3, 1)), 1000]);
    ws.getCell('B1').numFmt = 'd-mmm-yy';
  }, true);
  assert.deepEqual(await rowsOf(d1904), [['Main Sheet', [['2025-04-01', '1906-09-27']]]]);
  const shared = await workbook((ws) => {
    for (let i = 1; i <= 5; i++) ws.addRow([i, i * 2]);
    // (ExcelJS's writer takes a shared formula's master so; its types do not say it)
    ws.getCell('C1').value = {
      formula: 'A1*2',
      result: 2,
      shareType: 'shared',
      ref: 'C1:C5',
    } as ExcelJS.CellValue;
    for (let i = 2; i <= 5; i++) ws.getCell(`C${i}`).value = { sharedFormula: 'C1', result: i * 2 };
  });
  assert.deepEqual(await rowsOf(shared), [
    [
      'Main Sheet',
      [
        [1, 2, 2],
        [2, 4, 4],
        [3, 6, 6],
        [4, 8, 8],
        [5, 10, 10],
      ],
    ],
  ]);
});

test('rich text, hyperlinks, trimmed text, empty and far rows, and the sheets in the workbook order', async () => {
  const rich = await workbook((ws) => {
    ws.addRow([
      { richText: [{ text: 'Hello ' }, { font: { bold: true }, text: 'World' }] },
      { text: 'link', hyperlink: 'http://example.com' },
      '  pad  ',
      '',
    ]);
    ws.addRow([]);
    ws.addRow([null, null, 3]);
    ws.getRow(10).getCell(1).value = 'ten';
  });
  assert.deepEqual(await rowsOf(rich), [
    ['Main Sheet', [['Hello World', 'link', 'pad'], [], [null, null, 3], [], [], [], [], [], [], ['ten']]],
  ]);
  const multi = await workbook((ws, wb) => {
    ws.addRow(['one']);
    const b = wb.addWorksheet('Second');
    b.addRow(['two']);
    const c = wb.addWorksheet('Third');
    c.addRow(['three']);
    wb.removeWorksheet(b.id);
    wb.addWorksheet('Fourth').addRow([4]);
    (c as unknown as { orderNo: number }).orderNo = 0;
  });
  assert.deepEqual(await rowsOf(multi), [
    ['Third', [['three']]],
    ['Main Sheet', [['one']]],
    ['Fourth', [[4]]],
  ]);
});

test('a statement past the old 300,000-cell bound is read, a row at a time', async () => {
  // 80,000 rows of five cells (400,000): refused TOO_LARGE before (ExcelJS held the workbook whole,
  // 395 MB for 300,000 cells); a busy merchant's year
  const n = 80_000;
  const out: string[] = [];
  for (let r = 1; r <= n; r++) {
    out.push(
      `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>0${1 + (r % 9)}/04/2025</t></is></c>` +
        `<c r="B${r}" t="inlineStr"><is><t>UPI/${r}/PAYEE</t></is></c>` +
        `<c r="C${r}"><v>${r % 2 ? 100 : 0}</v></c><c r="D${r}"><v>${r % 2 ? 0 : 50}</v></c><c r="E${r}"><v>${r}</v></c></row>`,
    );
  }
  const file = workbookXlsx(1, out.join(''), { deflate: true });
  assert.ok(n * 5 > 300_000 && n * 5 <= MAX_XLSX_CELLS);
  const { sheets } = await readXlsx(file);
  assert.equal(sheets.length, 1);
  const rows = sheets[0]!.rows;
  assert.equal(rows.length, n);
  assert.deepEqual(rows[0], ['02/04/2025', 'UPI/1/PAYEE', 100, 0, 1]);
  assert.deepEqual(rows[n - 1], ['09/04/2025', `UPI/${n}/PAYEE`, 0, 50, n]);
});
