// Issue 33: an XLSX's rows and cells are counted from its XML, a chunk at a time, before ExcelJS
// loads the workbook. Before, a 200,000-row statement was loaded whole (a reader past its 512 MB
// cap, ~20 s) before its rows could be counted, and a 100,000-row one was read whole (444 MB).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { workbookXlsx, zipOf } from '../../scripts/bombs.ts';
import { MAX_XLSX_CELLS, checkXlsxCells, readXlsx } from '../../src/read/xlsx.ts';
import { MAX_TABLE_ROWS } from '../../src/read/table-rows.ts';
import { countZipElements } from '../../src/read/xlsx-limits.ts';
import { zipEntries } from '../../src/read/zip.ts';
import { errorOf } from '../extract/pool-checks.ts';

/** `rows` rows of `cols` numeric cells, no `<dimension>` (it may be absent or false). */
function sheetRows(rows: number, cols: number): string {
  const out: string[] = [];
  for (let r = 1; r <= rows; r++) {
    let row = `<row r="${r}">`;
    for (let c = 0; c < cols; c++) row += `<c r="${String.fromCharCode(65 + c)}${r}"><v>${r + c}</v></c>`;
    out.push(row + '</row>');
  }
  return out.join('');
}

test('a statement of more than MAX_XLSX_CELLS cells is refused from its XML before it is loaded', async () => {
  const rows = Math.floor(MAX_XLSX_CELLS / 16) + 1; // 62,501 rows of sixteen cells
  const file = workbookXlsx(1, sheetRows(rows, 16), { deflate: true });
  const started = Date.now();
  const heapBefore = process.memoryUsage().heapUsed;
  const err = await errorOf(readXlsx(file));
  const ms = Date.now() - started;
  assert.equal(err.code, 'TOO_LARGE');
  assert.match(err.logMessage, new RegExp(`more than ${MAX_XLSX_CELLS} cells \\(counted\\)`));
  assert.match(err.userMessage, new RegExp(`more than ${MAX_XLSX_CELLS.toLocaleString('en-IN')} cells`));
  // Read, this file takes seconds and hundreds of MB; counted, it is refused quickly.
  assert.ok(ms < 5000, `${ms} ms`);
  assert.ok(process.memoryUsage().heapUsed - heapBefore < 100 * 2 ** 20);
});

test('a sheet of more than MAX_TABLE_ROWS rows is refused by the count, not after the load', async () => {
  const file = workbookXlsx(1, sheetRows(MAX_TABLE_ROWS + 1, 1), { deflate: true });
  const started = Date.now();
  const err = await errorOf(readXlsx(file));
  const ms = Date.now() - started;
  assert.equal(err.code, 'TOO_LARGE');
  // the old check counted ExcelJS's rows after loading ("xlsx: 200001 rows")
  assert.match(err.logMessage, new RegExp(`more than ${MAX_TABLE_ROWS} rows \\(counted\\)`));
  assert.ok(ms < 3000, `${ms} ms`);
});

// Issue 33, session 10: what passed a reader's 512 MB was the parse of the rows after their read (a
// 199,999-row, six-column statement ended "needs too much memory" after 30 s through the pool; a
// CSV of 150,000 after 72 s). Such a file is refused by the count, its words naming the limit.
test('a 150,000-row statement of six columns is refused by the count, naming the limit', async () => {
  const file = workbookXlsx(1, sheetRows(150_000, 6), { deflate: true });
  const started = Date.now();
  const err = await errorOf(readXlsx(file));
  assert.equal(err.code, 'TOO_LARGE');
  assert.match(err.userMessage, /more than 1,25,000 rows: too many to be a bank statement\. Split it/);
  assert.ok(Date.now() - started < 10_000, `${Date.now() - started} ms`);
});

test('rows and cells are counted across sheets; under the limits a workbook is read', async () => {
  const half = workbookXlsx(2, sheetRows(Math.floor(MAX_XLSX_CELLS / 32) + 1, 16), { deflate: true });
  assert.equal((await errorOf(checkXlsxCells(half))).code, 'TOO_LARGE');
  const small = workbookXlsx(2, sheetRows(300, 4), { deflate: true });
  await checkXlsxCells(small);
  const { sheets } = await readXlsx(small);
  assert.deepEqual(
    sheets.map((s) => s.rows.length),
    [300, 300],
  );
});

test('more shared strings than MAX_XLSX_CELLS are refused before the load', async () => {
  const strings = '<si><t>x</t></si>'.repeat(MAX_XLSX_CELLS + 1);
  const file = zipOf(
    [
      { name: 'xl/workbook.xml', data: '<workbook/>' },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: `<worksheet><sheetData>${sheetRows(2, 2)}</sheetData></worksheet>`,
      },
      { name: 'xl/sharedStrings.xml', data: `<sst>${strings}</sst>` },
    ],
    { deflate: true },
  );
  const err = await errorOf(checkXlsxCells(file));
  assert.equal(err.code, 'TOO_LARGE');
  assert.match(err.logMessage, /shared strings/);
});

test('the count is exact across chunk boundaries, with prefixes, and ignores look-alike names', async () => {
  // 41 characters a unit against 64 KB chunks: tags are cut at every offset somewhere.
  const unit = '<x:row><c/><col/></x:row><cols><c r="A1">';
  const n = 20_000;
  const xml = `<worksheet>${unit.repeat(n)}<cfRule/></worksheet>`;
  for (const deflate of [false, true]) {
    const zip = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: xml }], { deflate });
    const entry = zipEntries(zip)![0]!;
    const { counts, bytes } = await countZipElements(zip, entry, ['row', 'c'], () => false, 1e9);
    assert.equal(counts.get('row'), n, `rows, deflate ${deflate}`);
    assert.equal(counts.get('c'), 2 * n, `cells, deflate ${deflate}`);
    assert.equal(bytes, Buffer.byteLength(xml));
    // it stops as soon as told
    const early = await countZipElements(zip, entry, ['row', 'c'], (c) => c.get('row')! >= 10, 1e9);
    assert.ok(early.counts.get('row')! < n && early.counts.get('row')! >= 10);
  }
});
