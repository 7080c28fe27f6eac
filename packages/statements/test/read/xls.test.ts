// Old Excel downloads: BIFF .xls workbooks (real HDFC and SBI net-banking exports, and workbooks
// written here with SheetJS), HTML tables saved as .xls, damaged and password-protected .xls.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import { StatementError } from '../../src/errors.ts';
import { cfbStreamNames } from '../../src/read/cfb.ts';
import { isHtmlTable, readHtmlTables } from '../../src/read/html.ts';
import { checkPassword, detectFileKind, readDocument } from '../../src/read/index.ts';
import { MAX_XLS_CELLS, countXlsCells, readXls } from '../../src/read/xls.ts';
import { UNREADABLE_XLSX } from '../../src/read/xlsx.ts';
import type { Cell } from '../../src/source.ts';
import { CORPUS_REAL, needs } from '../shared-corpus.ts';

interface Truth {
  openingBalance: number;
  transactions: {
    date: string;
    description: string;
    reference: string | null;
    withdrawal: number;
    deposit: number;
    balance: number;
  }[];
}

function real(file: string): { bytes: Uint8Array; truth: Truth } {
  const bytes = new Uint8Array(readFileSync(path.join(CORPUS_REAL, file)));
  const truth = JSON.parse(
    readFileSync(path.join(CORPUS_REAL, file.replace(/\.xls$/, '.truth.json')), 'utf8'),
  );
  return { bytes, truth };
}

async function rejectsWith(p: Promise<unknown>, code: string, message?: string): Promise<void> {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(err instanceof StatementError, `expected a StatementError, got ${String(err)}`);
    assert.equal(err.code, code);
    if (message) assert.equal(err.userMessage, message);
    return true;
  });
}

/** A small two-sheet workbook as SheetJS writes it in the given BIFF flavour. */
function biff(bookType: 'biff8' | 'biff5'): Uint8Array {
  const wb = XLSX.utils.book_new();
  const ws = XLSX.utils.aoa_to_sheet(
    [
      [],
      ['  Txn Date ', 'Narration', 'Debit', 'Credit', 'Balance'],
      [new Date(Date.UTC(2025, 2, 31)), 'UPI/RENT', 1234.5, '', 8765.5],
      [new Date(Date.UTC(2024, 1, 29)), '   ', null, 10, 8775.5, true],
    ],
    { cellDates: true, UTC: true },
  );
  XLSX.utils.book_append_sheet(wb, ws, 'Statement');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Closing balance', 8775.5]]), 'Summary');
  return new Uint8Array(XLSX.write(wb, { bookType, type: 'buffer' }) as Buffer);
}

const BIFF_ROWS: Cell[][] = [
  [],
  ['Txn Date', 'Narration', 'Debit', 'Credit', 'Balance'],
  ['2025-03-31', 'UPI/RENT', 1234.5, null, 8765.5],
  ['2024-02-29', null, null, 10, 8775.5, 'TRUE'],
];

describe('detectFileKind: old Excel', needs(CORPUS_REAL), () => {
  test('BIFF workbooks are xls; HTML tables are html-table; other text stays rpt', () => {
    assert.equal(detectFileKind(real('HDFC/HDFC_netbanking_export.xls').bytes), 'xls');
    assert.equal(detectFileKind(real('SBI/SBI_netbanking_export.xls').bytes), 'xls');
    assert.equal(detectFileKind(biff('biff8')), 'xls');
    assert.equal(detectFileKind(biff('biff5')), 'xls');
    const text = (s: string) => new TextEncoder().encode(s);
    assert.equal(detectFileKind(text('<html><body><table><tr><td>1</td></tr></table>')), 'html-table');
    assert.equal(
      detectFileKind(text('\ufeff\r\n<TABLE border=1><TR><TD>Date</TD></TR></TABLE>')),
      'html-table',
    );
    assert.equal(
      detectFileKind(text('Statement of account\n<table>\n<tr><td>x</td></tr></table>')),
      'html-table',
    );
    // HTML without a table (an error page saved by the browser) and plain reports are text.
    assert.equal(detectFileKind(text('<html><body>Session expired</body></html>')), 'rpt');
    assert.equal(detectFileKind(text('Date   Narration   Amount <5000\n01/04/25  RENT  5.00\n')), 'rpt');
  });

  test('the CFB directory names the streams', () => {
    assert.ok(cfbStreamNames(real('SBI/SBI_netbanking_export.xls').bytes)?.includes('Workbook'));
    assert.equal(cfbStreamNames(new Uint8Array(600)), null);
  });
});

describe('XLS reader: real net-banking downloads', needs(CORPUS_REAL), () => {
  test('HDFC: the table as printed, amounts as numbers, first transaction from the truth', async () => {
    const { bytes, truth } = real('HDFC/HDFC_netbanking_export.xls');
    const r = await readDocument(bytes, { fileName: 'HDFC_netbanking_export.xls' });
    assert.equal(r.kind, 'xls');
    assert.equal(r.doc.kind, 'sheets');
    if (r.doc.kind !== 'sheets') return;
    assert.equal(r.doc.format, 'xlsx');
    const rows = r.doc.sheets[0]!.rows;
    const header = rows.findIndex((row) => row[0] === 'Date');
    assert.deepEqual(rows[header], [
      'Date',
      'Narration',
      'Chq./Ref.No.',
      'Value Dt',
      'Withdrawal Amt.',
      'Deposit Amt.',
      'Closing Balance',
    ]);
    const t = truth.transactions[0]!;
    // HDFC writes dates as dd/mm/yy text, an empty deposit as an empty cell.
    assert.deepEqual(rows[header + 2], [
      '02/07/20',
      t.description,
      t.reference,
      '02/07/20',
      t.withdrawal,
      null,
      t.balance,
    ]);
    assert.equal(t.date, '2020-07-02');
    const txRows = rows.filter((row) => typeof row[0] === 'string' && /^\d\d\/\d\d\/\d\d$/.test(row[0]));
    assert.equal(txRows.length, truth.transactions.length);
    assert.deepEqual(
      txRows.map((row) => row[6]),
      truth.transactions.map((x) => x.balance),
    );
  });

  test('SBI: date cells as ISO dates, the opening balance, first transaction from the truth', async () => {
    const { bytes, truth } = real('SBI/SBI_netbanking_export.xls');
    const { sheets } = await readXls(bytes);
    assert.equal(sheets.length, 1);
    const rows = sheets[0]!.rows;
    assert.ok(rows.some((row) => row[1] === truth.openingBalance));
    const header = rows.findIndex((row) => row[0] === 'Txn Date');
    assert.deepEqual(rows[header], [
      'Txn Date',
      'Value Date',
      'Description',
      'Ref No./Cheque No.',
      'Debit',
      'Credit',
      'Balance',
    ]);
    const t = truth.transactions[0]!;
    // The credit cell holds a single space: an empty cell.
    assert.deepEqual(rows[header + 1], [
      t.date,
      t.date,
      t.description,
      t.reference,
      t.withdrawal,
      null,
      t.balance,
    ]);
    const txRows = rows
      .slice(header + 1)
      .filter((row) => typeof row[0] === 'string' && /^\d{4}-/.test(row[0]));
    assert.equal(txRows.length, truth.transactions.length);
    assert.deepEqual(
      txRows.map((row) => row[0]),
      truth.transactions.map((x) => x.date),
    );
  });
});

describe('XLS reader: workbooks written here', () => {
  for (const bookType of ['biff8', 'biff5'] as const) {
    test(`${bookType}: every sheet, dense rows, dates as ISO, blanks as null`, async () => {
      const bytes = biff(bookType);
      assert.deepEqual(await checkPassword(bytes), { password_required: false });
      const r = await readDocument(bytes, { fileName: 'statement.xls' });
      assert.equal(r.pages, 2);
      assert.ok(r.doc.kind === 'sheets');
      assert.deepEqual(r.doc.sheets, [
        { name: 'Statement', rows: BIFF_ROWS },
        { name: 'Summary', rows: [['Closing balance', 8775.5]] },
      ]);
    });
  }

  test('an .xls named .xlsx is read; a damaged .xls is UNREADABLE in the xlsx words', async () => {
    const bytes = biff('biff8');
    const r = await readDocument(bytes, { fileName: 'statement.xlsx' });
    assert.equal(r.kind, 'xls');
    // Cut short: the CFB directory and the workbook stream are gone.
    await rejectsWith(readDocument(bytes.subarray(0, 1100)), 'UNREADABLE', UNREADABLE_XLSX);
    // Container intact, workbook stream overwritten with noise.
    const noisy = bytes.slice();
    const noise = randomBytes(2048);
    for (let i = 0; i < noise.length; i++) noisy[512 + i] = noise[i]!;
    await rejectsWith(readDocument(noisy), 'UNREADABLE', UNREADABLE_XLSX);
    // The CFB signature and nothing after it.
    await rejectsWith(readDocument(bytes.subarray(0, 8)), 'UNREADABLE', UNREADABLE_XLSX);
  });
});

// ---- a password-protected .xls: BIFF8 RC4 encryption ([MS-XLS] 2.2.10, [MS-OFFCRYPTO] 2.3.6) ----

function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

function rc4Key(password: string, salt: Uint8Array, block: number): Uint8Array {
  const md5 = (b: Uint8Array) => createHash('md5').update(b).digest();
  const h0 = md5(Buffer.from(password, 'utf16le')).subarray(0, 5);
  const h1 = md5(Buffer.concat(Array.from({ length: 16 }, () => Buffer.concat([h0, salt])))).subarray(0, 5);
  const b = Buffer.alloc(4);
  b.writeUInt32LE(block);
  return md5(Buffer.concat([h1, b]));
}

/** The workbook, encrypted with `password` as Excel 97 does it (RC4, 1024-byte blocks). */
function encryptXls(bytes: Uint8Array, password: string): Uint8Array {
  const cfb = XLSX.CFB.read(Buffer.from(bytes), { type: 'buffer' });
  const entry = XLSX.CFB.find(cfb, 'Workbook')!;
  const stream = Buffer.from(entry.content as Uint8Array);
  const salt = randomBytes(16);
  const verifier = randomBytes(16);
  const encVerifier = rc4(
    rc4Key(password, salt, 0),
    Buffer.concat([verifier, createHash('md5').update(verifier).digest()]),
  );
  const filePass = Buffer.alloc(4 + 54);
  filePass.writeUInt16LE(0x002f, 0);
  filePass.writeUInt16LE(54, 2);
  filePass.writeUInt16LE(1, 4); // RC4
  filePass.writeUInt16LE(1, 6); // version 1.1
  filePass.writeUInt16LE(1, 8);
  salt.copy(filePass, 10);
  Buffer.from(encVerifier).copy(filePass, 26);
  const bofLength = 4 + stream.readUInt16LE(2);
  const out = Buffer.concat([stream.subarray(0, bofLength), filePass, stream.subarray(bofLength)]);
  // Key stream for the whole stream, block by block.
  const keyStream = Buffer.alloc(out.length);
  for (let block = 0; block * 1024 < out.length; block++) {
    const chunk = rc4(rc4Key(password, salt, block), new Uint8Array(1024));
    keyStream.set(chunk.subarray(0, Math.min(1024, out.length - block * 1024)), block * 1024);
  }
  const plain = new Set([0x0809, 0x002f, 0x0194, 0x0195, 0x00e1, 0x0196, 0x0138]);
  for (let p = 0; p + 4 <= out.length;) {
    const type = out.readUInt16LE(p);
    const size = out.readUInt16LE(p + 2);
    let from = p + 4;
    if (type === 0x0085) {
      // BoundSheet8: the sheet's stream offset moved by the FilePass record and stays in clear.
      out.writeUInt32LE(out.readUInt32LE(from) + filePass.length, from);
      from += 4;
    }
    if (!plain.has(type)) for (let k = from; k < p + 4 + size; k++) out[k] = out[k]! ^ keyStream[k]!;
    p += 4 + size;
  }
  entry.content = out;
  entry.size = out.length;
  return new Uint8Array(XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer);
}

describe('XLS reader: password-protected workbooks', () => {
  test('required / wrong / right', async () => {
    const bytes = encryptXls(biff('biff8'), 'secret1');
    assert.equal(detectFileKind(bytes), 'xls');
    assert.deepEqual(await checkPassword(bytes), { password_required: true });
    await rejectsWith(readDocument(bytes), 'PASSWORD_REQUIRED');
    await rejectsWith(readDocument(bytes, { password: 'secret2' }), 'WRONG_PASSWORD');
    const r = await readDocument(bytes, { password: 'secret1' });
    assert.ok(r.doc.kind === 'sheets');
    assert.deepEqual(r.doc.sheets[0]!.rows, BIFF_ROWS);
  });
});

describe('HTML table reader', () => {
  const page = `<!DOCTYPE html>
<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">
<style>td { mso-number-format:"\\@"; } </style><script>if (a < b) { document.write("<td>x</td>") }</script>
</head><body>
<table><tr><td>Account No</td><td>'50100012345678</td></tr></table>
<!-- <table><tr><td>commented out</td></tr></table> -->
<TABLE border="1">
 <THEAD><TR><TH>Date</TH><TH colspan=2>Narration</TH><TH>Withdrawal</TH><TH>Deposit</TH><TH>Balance</TH></TR></THEAD>
 <tr><td rowspan="2">01/04/25</td><td>UPI/RENT &amp; MAINT<br>APRIL</td><td>&#8377;</td><td>1,234.50</td><td>&nbsp;</td><td>8,765.50</td>
 <tr><td>NEFT CR <b>ACME</b> &lt;SALARY&gt;</td><td></td><td></td><td>10.00</td><td>8,775.50</td></tr>
 <tr><td>02/04/25<td>CHQ <table><tr><td>nested</td></tr></table>000123<td><td>5.00<td><td>8,770.50
</table>
</body></html>`;

  test('tables as sheets: colspan and rowspan keep columns, entities decoded, scripts and comments skipped', async () => {
    const bytes = new TextEncoder().encode(page);
    assert.ok(isHtmlTable(bytes));
    assert.equal(detectFileKind(bytes), 'html-table');
    assert.deepEqual(await checkPassword(bytes), { password_required: false });
    const r = await readDocument(bytes, { fileName: 'OpTransactionHistory.xls' });
    assert.equal(r.kind, 'html-table');
    assert.ok(r.doc.kind === 'sheets');
    assert.equal(r.doc.format, 'xlsx');
    assert.deepEqual(r.doc.sheets, [
      { name: 'Table 1', rows: [['Account No', "'50100012345678"]] },
      {
        name: 'Table 2',
        rows: [
          ['Date', 'Narration', null, 'Withdrawal', 'Deposit', 'Balance'],
          ['01/04/25', 'UPI/RENT & MAINT APRIL', '₹', '1,234.50', null, '8,765.50'],
          [null, 'NEFT CR ACME <SALARY>', null, null, '10.00', '8,775.50'],
          ['02/04/25', 'CHQ 000123', null, '5.00', null, '8,770.50'],
        ],
      },
      { name: 'Table 3', rows: [['nested']] },
    ]);
  });

  test('a Windows-1252 page, and a page whose tables are empty', () => {
    const latin = Buffer.from(
      '<html><head><meta charset="windows-1252"></head><table><tr><td>Caf\xe9 \x80 5</td></tr></table>',
      'latin1',
    );
    assert.deepEqual(readHtmlTables(new Uint8Array(latin)).sheets[0]!.rows, [['Café € 5']]);
    assert.throws(
      () => readHtmlTables(new TextEncoder().encode('<table><tr><td> </td></tr></table>')),
      (err: unknown) => err instanceof StatementError && err.code === 'UNREADABLE',
    );
  });

  test('linear on hostile markup: unclosed tags and comments, huge spans, too many cells', () => {
    const started = Date.now();
    const hostile =
      '<table>' + '<tr><td colspan="999999">x'.repeat(5_000) + '<!--'.repeat(20_000) + '<td'.repeat(50_000);
    const { sheets } = readHtmlTables(new TextEncoder().encode(hostile));
    assert.equal(sheets[0]!.rows.length, 5_000);
    assert.deepEqual(sheets[0]!.rows[0], ['x']);
    // A quadratic reader would take minutes; allow for a loaded machine.
    assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
    const wide = '<table>' + '<tr><td colspan="1000">x<td>y'.repeat(6_000);
    assert.throws(
      () => readHtmlTables(new TextEncoder().encode(wide)),
      (err: unknown) => err instanceof StatementError && err.code === 'TOO_LARGE',
    );
  });

  // Issue 33: ten hostile HTML/XLS files at once held two readers near their 512 MB cap (1,280 MB
  // with the server). A table's cells are counted before it is built: an HTML table as it is
  // read, a BIFF workbook from its records before SheetJS makes an object of each.
  test('an HTML table past MAX_SHEET_CELLS is refused while it is read', () => {
    // 640,000 cells in 3.3 MB: read whole under the old cap of 5,000,000
    const row = '<tr>' + '<td>7'.repeat(20);
    const html = '<table>' + row.repeat(32_000) + '</table>';
    const started = Date.now();
    assert.throws(
      () => readHtmlTables(new TextEncoder().encode(html)),
      (err: unknown) =>
        err instanceof StatementError &&
        err.code === 'TOO_LARGE' &&
        /more than 600000 cells/.test(err.logMessage),
    );
    assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
  });

  test('a BIFF workbook of more than MAX_XLS_CELLS cells is refused from its records, before SheetJS builds it', async () => {
    const book = (cells: number) => {
      const cols = 10;
      const aoa = Array.from({ length: Math.ceil(cells / cols) }, (_, r) =>
        Array.from({ length: cols }, (_, c) => r * cols + c + 0.5),
      );
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'S');
      return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer);
    };
    // the count is the cells written: 20,000 numbers
    assert.equal(countXlsCells(book(20_000), Infinity), 20_000);
    const big = book(MAX_XLS_CELLS + 10);
    assert.equal(countXlsCells(big, Infinity), MAX_XLS_CELLS + 10);
    // SheetJS would take ~770 bytes a cell of it; the records are counted in milliseconds
    await assert.rejects(
      readXls(big),
      (err: unknown) =>
        err instanceof StatementError && err.code === 'TOO_LARGE' && /in its records/.test(err.logMessage),
    );
  });

  test('the real exports are counted as they are', needs(CORPUS_REAL), () => {
    const { bytes } = real('HDFC/HDFC_netbanking_export.xls');
    const n = countXlsCells(bytes, Infinity);
    assert.ok(n > 0 && n < MAX_XLS_CELLS, `${n} cells`);
  });
});
