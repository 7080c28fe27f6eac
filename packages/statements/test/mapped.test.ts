// Issue 35, any bank file mapped once (docs/decisions/056): a CSV and an XLS whose headings Bahi
// does not know, made here, read with the columns marked once, balanced; the next file of that
// layout read with the mapping without help, where the built-in read fails; the rule of the taught
// PDF layouts (a mapping only where it does better) holds for sheets too.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as XLSX from '@e965/xlsx';
import {
  extractStatementInProcess,
  fitMapping,
  mappingProblem,
  previewSheets,
  readMapped,
  sheetSignature,
  type SheetMapping,
} from '../src/index.ts';
import type { SourceDocument } from '../src/source.ts';

const csv = (rows: string[]) => new TextEncoder().encode(rows.join('\r\n'));

/** A US-style export: month-first dates (days past the 12th), one amount and a side column. */
function frobCsv(extra: string[] = [], title = 'Frobnitz Cooperative Bank'): Uint8Array {
  return csv([
    `${title},,,,,`,
    'Statement for account 001234567890,,,,,',
    ',,,,,',
    'Kolumn A,Frob,Zing,Plonk,Wib,Saldo',
    '04/14/2025,NEFT ACME TRADERS,N123,5000.00,C,"15,000.00"',
    '04/15/2025,UPI grocer,U77,250.50,D,"14,749.50"',
    '04/18/2025,ATM cash,,1000,D,"13,749.50"',
    ...extra,
    '04/28/2025,Salary April,S4,40000,C,"53,749.50"',
    'Closing balance,,,,,"53,749.50"',
  ]);
}

const FROB: SheetMapping = {
  sheet: 0,
  firstRow: 4,
  amounts: 'side',
  dateOrder: 'mdy',
  columns: { date: 0, description: 1, reference: 2, amount: 3, side: 4, balance: 5 },
};

const rowsOf = (r: { accounts: { transactions: unknown[] }[] }) =>
  r.accounts.reduce((n, a) => n + a.transactions.length, 0);

describe('a CSV whose headings Bahi does not know', () => {
  test('the built-in read does not read it whole', async () => {
    const { result } = await extractStatementInProcess(frobCsv(), { fileName: 'frob.csv' });
    assert.ok(
      rowsOf(result) < 4 || !result.accounts.every((a) => a.reconciliation.ok),
      'the test needs a file the built-in reader cannot read',
    );
  });

  test('the screen sees its first rows as the reader does', async () => {
    const preview = await previewSheets(frobCsv(), { fileName: 'frob.csv', inProcess: true });
    assert.equal(preview.sheets.length, 1);
    assert.deepEqual(preview.sheets[0]!.rows[3], ['Kolumn A', 'Frob', 'Zing', 'Plonk', 'Wib', 'Saldo']);
    assert.equal(preview.sheets[0]!.total, 9);
  });

  test('read with the columns marked, it balances, closing balance and all', async () => {
    const x = await extractStatementInProcess(frobCsv(), { fileName: 'frob.csv', mapping: FROB });
    const a = x.result.accounts[0]!;
    assert.equal(a.transactions.length, 4);
    assert.equal(a.reconciliation.ok, true, a.reconciliation.message);
    assert.equal(a.closingBalance, 5_374_950);
    assert.deepEqual(
      a.transactions.map((t) => [t.date, t.withdrawal, t.deposit, t.balance, t.reference]),
      [
        ['2025-04-14', 0, 500_000, 1_500_000, 'N123'],
        ['2025-04-15', 25_050, 0, 1_474_950, 'U77'],
        ['2025-04-18', 100_000, 0, 1_374_950, null],
        ['2025-04-28', 0, 4_000_000, 5_374_950, 'S4'],
      ],
    );
    assert.deepEqual(x.sheetSignature, {
      kind: 'sheet',
      headings: ['kolumna', 'frob', 'zing', 'plonk', 'wib', 'saldo'],
      headingRow: 3,
    });
  });

  test('the next file of that layout is read with the mapping without help', async () => {
    const sig = sheetSignature({ kind: 'sheets', format: 'xlsx', sheets: [] }, FROB);
    assert.equal(sig, null, 'no sheet, no signature');
    const first = await extractStatementInProcess(frobCsv(), { fileName: 'frob.csv', mapping: FROB });
    // a later month: two more title lines push the table down, one more row
    const next = csv([
      'Frobnitz Cooperative Bank,,,,,',
      'Branch: Somewhere,,,,,',
      'Statement for account 001234567890,,,,,',
      ',,,,,',
      'Kolumn A,Frob,Zing,Plonk,Wib,Saldo',
      '05/14/2025,Rent May,R5,12000,D,"41,749.50"',
      '05/16/2025,Refund,,749,C,"42,498.50"',
      '05/29/2025,Salary May,S5,40000,C,"82,498.50"',
    ]);
    const builtin = await extractStatementInProcess(next, { fileName: 'next.csv' });
    assert.ok(rowsOf(builtin.result) < 3 || !builtin.result.accounts.every((a) => a.reconciliation.ok));
    const x = await extractStatementInProcess(next, {
      fileName: 'next.csv',
      mapped: [{ id: 'm1', mapping: FROB, signature: first.sheetSignature! }],
    });
    assert.equal(x.layoutUsed, 'm1');
    assert.equal(rowsOf(x.result), 3);
    assert.equal(x.result.accounts[0]!.reconciliation.ok, true);
    assert.equal(x.result.accounts[0]!.transactions[0]!.date, '2025-05-14');
    // the built-in read is kept beside it, and why the mapping was chosen
    assert.ok(x.other);
    assert.match(x.other.why, /found no transactions|does not balance|more balance breaks/);
  });

  test('a file of another layout is not read with it', async () => {
    const first = await extractStatementInProcess(frobCsv(), { fileName: 'frob.csv', mapping: FROB });
    const other = csv(['Date,Narration,Withdrawal,Deposit,Balance', '01/04/2025,Rent,100.00,,900.00']);
    const x = await extractStatementInProcess(other, {
      fileName: 'o.csv',
      mapped: [{ id: 'm1', mapping: FROB, signature: first.sheetSignature! }],
    });
    assert.equal(x.layoutUsed, undefined);
    assert.equal(x.other, undefined);
  });

  test('a row with figures the mapping cannot read is named, and the read is no success', async () => {
    const x = await extractStatementInProcess(frobCsv(['04/20/2025,Odd side,,5.00,??,"13,744.50"']), {
      fileName: 'frob.csv',
      mapping: FROB,
    });
    const a = x.result.accounts[0]!;
    assert.equal(a.reconciliation.ok, false);
    assert.ok(x.result.issues.some((i) => i.kind === 'row' && /neither Dr nor Cr/.test(i.message)));
  });
});

/** An old Excel download: dates as text, year first with dots; withdrawal and deposit columns. */
function frobXls(
  rows: (string | number | null)[][],
  title: string[][] = [['Frobnitz Genossenschaftsbank'], []],
): Uint8Array {
  const wb = XLSX.utils.book_new();
  const ws = XLSX.utils.aoa_to_sheet([
    ...title,
    ['Buchung', 'Valuta', 'Vorgang', 'Soll', 'Haben', 'Bestand'],
    ...rows,
  ]);
  XLSX.utils.book_append_sheet(wb, ws, 'Umsaetze');
  return new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }));
}

const XLS_MAP: SheetMapping = {
  sheet: 0,
  firstRow: 3,
  amounts: 'split',
  dateOrder: 'ymd',
  columns: { date: 0, valueDate: 1, description: 2, debit: 3, credit: 4, balance: 5 },
};

describe('an XLS whose headings Bahi does not know', () => {
  const april = frobXls([
    ['2025.04.01', '2025.04.01', 'Gutschrift ACME', null, 5000, 15000],
    ['2025.04.03', '2025.04.04', 'Kartenzahlung', 250.5, null, 14749.5],
    // a narration run on to a second row
    [null, null, 'grocer Sector 5', null, null, null],
    ['2025.04.09', '2025.04.09', 'Geldautomat', 1000, null, 13749.5],
  ]);

  test('the built-in read finds no rows in it', async () => {
    const { result } = await extractStatementInProcess(april, { fileName: 'umsaetze.xls' });
    assert.equal(rowsOf(result), 0);
  });

  test('read with the columns marked, it balances; the wrapped narration joins its row', async () => {
    const x = await extractStatementInProcess(april, { fileName: 'umsaetze.xls', mapping: XLS_MAP });
    const a = x.result.accounts[0]!;
    assert.equal(a.reconciliation.ok, true, a.reconciliation.message);
    assert.deepEqual(
      a.transactions.map((t) => [t.date, t.valueDate, t.description, t.withdrawal, t.deposit]),
      [
        ['2025-04-01', '2025-04-01', 'Gutschrift ACME', 0, 500_000],
        ['2025-04-03', '2025-04-04', 'Kartenzahlung grocer Sector 5', 25_050, 0],
        ['2025-04-09', '2025-04-09', 'Geldautomat', 100_000, 0],
      ],
    );
  });

  test('the next XLS of that layout is read with the mapping without help', async () => {
    const first = await extractStatementInProcess(april, { fileName: 'umsaetze.xls', mapping: XLS_MAP });
    const may = frobXls(
      [
        ['2025.05.02', '2025.05.02', 'Miete', 8000, null, 5749.5],
        ['2025.05.20', '2025.05.20', 'Gehalt', null, 40000, 45749.5],
      ],
      [['Frobnitz Genossenschaftsbank'], ['Kontoauszug Mai'], []],
    );
    const x = await extractStatementInProcess(may, {
      fileName: 'mai.xls',
      mapped: [{ id: 'x1', mapping: XLS_MAP, signature: first.sheetSignature! }],
    });
    assert.equal(x.layoutUsed, 'x1');
    assert.equal(x.result.accounts[0]!.reconciliation.ok, true);
    assert.deepEqual(
      x.result.accounts[0]!.transactions.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
      [
        ['2025-05-02', 800_000, 0, 574_950],
        ['2025-05-20', 0, 4_000_000, 4_574_950],
      ],
    );
  });

  test('a signed amount: a minus is a withdrawal', () => {
    const doc: SourceDocument = {
      kind: 'sheets',
      format: 'xlsx',
      sheets: [
        {
          name: 'S',
          rows: [
            ['When', 'What', 'Sum', 'Left'],
            ['2025-04-01', 'in', 100, 1100],
            ['2025-04-02', 'out', '-40.00', 1060],
          ],
        },
      ],
    };
    const r = readMapped(doc, {
      sheet: 0,
      firstRow: 1,
      amounts: 'signed',
      dateOrder: 'dmy',
      columns: { date: 0, description: 1, amount: 2, balance: 3 },
    });
    const a = r.accounts[0]!;
    assert.equal(a.reconciliation.ok, true, a.reconciliation.message);
    assert.deepEqual(
      a.transactions.map((t) => [t.withdrawal, t.deposit]),
      [
        [0, 10_000],
        [4_000, 0],
      ],
    );
  });

  test('a moved column keeps its role by its heading', () => {
    const doc: SourceDocument = {
      kind: 'sheets',
      format: 'xlsx',
      sheets: [
        {
          name: 'S',
          rows: [
            ['Buchung', 'Valuta', 'Vorgang', 'Soll', 'Bestand'],
            ['2025-04-01', '2025-04-01', 'x', 1, 1],
          ],
        },
      ],
    };
    const sig = {
      kind: 'sheet' as const,
      headings: ['buchung', 'valuta', 'vorgang', 'soll', 'haben', 'bestand'],
      headingRow: 2,
    };
    // the deposit column's heading is missing: no fit
    assert.equal(fitMapping(doc, XLS_MAP, sig), null);
    const moved: SourceDocument = {
      ...doc,
      sheets: [{ name: 'S', rows: [['Nr', 'Buchung', 'Valuta', 'Vorgang', 'Soll', 'Haben', 'Bestand']] }],
    };
    assert.deepEqual(fitMapping(moved, XLS_MAP, sig), {
      ...XLS_MAP,
      firstRow: 1,
      columns: { date: 1, valueDate: 2, description: 3, debit: 4, credit: 5, balance: 6 },
    });
  });

  test('what a mapping lacks is said', () => {
    assert.equal(
      mappingProblem({ ...XLS_MAP, columns: { ...XLS_MAP.columns, credit: undefined } }),
      'Mark the withdrawal column and the deposit column.',
    );
    assert.equal(mappingProblem({ ...XLS_MAP, amounts: 'signed' }), 'Mark the amount column.');
    assert.equal(
      mappingProblem({ ...XLS_MAP, amounts: 'side', columns: { ...XLS_MAP.columns, amount: 9 } }),
      'Mark the column that says Dr or Cr.',
    );
    assert.equal(
      mappingProblem({ ...XLS_MAP, columns: { ...XLS_MAP.columns, balance: 0 } }),
      'Each column can have one role only.',
    );
    const r = readMapped({ kind: 'sheets', format: 'xlsx', sheets: [] }, XLS_MAP);
    assert.equal(r.accounts.length, 0);
  });
});
