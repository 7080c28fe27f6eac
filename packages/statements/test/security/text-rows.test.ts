// A text file (a CSV, a printed report) is bounded at MAX_TABLE_ROWS lines like every table, and
// refused by a count of its lines before they are kept, split or judged; a delimited table is also
// bounded by its cells as a workbook is (issue 33, session 11).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isStatementError } from '../../src/errors.ts';
import { readDocument } from '../../src/read/index.ts';
import { readRpt } from '../../src/read/rpt.ts';
import { MAX_TABLE_ROWS, countTextLines } from '../../src/read/table-rows.ts';
import { MAX_XLSX_CELLS } from '../../src/read/xlsx.ts';

const LIMIT = /The file has more than 1,25,000 rows: too many to be a bank statement\. Split it/;

/** A fixed-width report (not delimited: its cells are set apart by runs of spaces) of `rows` rows. */
function report(rows: number): string {
  const out = [
    '                         STATE BANK OF INDIA',
    'Txn Date   Description                               Debit        Credit       Balance',
  ];
  for (let i = out.length; i < rows; i++)
    out.push(
      `01-05-2024 ATM WDL-ATM CASH ${String(i).padStart(6, '0')} LANKA          190.00                 4,06,685.23`,
    );
  return out.join('\n') + '\n';
}

/** readDocument refuses `text` for its rows (TOO_LARGE, naming the limit) within `cpuMs` of CPU. */
async function refusedWithin(text: string, cpuMs: number): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  const cpu = process.cpuUsage();
  const err = await readDocument(bytes, { fileName: 'statement.txt' }).then(
    () => null,
    (e: unknown) => e,
  );
  const { user, system } = process.cpuUsage(cpu);
  assert.ok(isStatementError(err), `refused, not ${String(err)}`);
  assert.equal(err.code, 'TOO_LARGE');
  assert.match(err.userMessage, LIMIT);
  assert.ok((user + system) / 1000 < cpuMs, `${(user + system) / 1000} ms of CPU`);
}

test('a printed report of MAX_TABLE_ROWS lines is read; one line more is refused, naming the limit', async () => {
  const at = await readDocument(new TextEncoder().encode(report(MAX_TABLE_ROWS)), { fileName: 'r.txt' });
  assert.equal(at.doc.kind, 'lines');
  assert.equal(at.doc.kind === 'lines' && at.doc.lines.length, MAX_TABLE_ROWS);
  await refusedWithin(report(MAX_TABLE_ROWS + 1), 10_000);
});

test("a report's blank lines count as it is read, trailing ones not, and are refused before all are kept", () => {
  const lines = (n: number) => new TextEncoder().encode(`Statement\n${'\n'.repeat(n)}x\n\n\n\n`);
  // 'Statement', MAX_TABLE_ROWS - 2 blank lines, 'x': exactly MAX_TABLE_ROWS lines kept
  assert.equal(readRpt(lines(MAX_TABLE_ROWS - 2)).lines.length, MAX_TABLE_ROWS);
  assert.throws(
    () => readRpt(lines(MAX_TABLE_ROWS - 1)),
    (e: unknown) => isStatementError(e) && e.code === 'TOO_LARGE' && LIMIT.test(e.userMessage),
  );
  // form feeds are lines too
  assert.throws(
    () => readRpt(new TextEncoder().encode(`a${'\f'.repeat(MAX_TABLE_ROWS)}b\n`)),
    (e: unknown) => isStatementError(e) && e.code === 'TOO_LARGE',
  );
});

// On main a 25 MB text of one-character lines was kept whole as 12.5 million lines (read alone:
// 12 s and 922 MB; through the reader pool "needs too much memory" at its 512 MB cap after 7.6 s).
test('25 MB of one-character lines are refused by the count within a second of CPU', async () => {
  await refusedWithin('a\n'.repeat(12_500_000), 1_000);
});

// On main a 25 MB CSV of 3.1 million short rows was refused only after every line was kept and
// split by each of four delimiters (3.7 s, 406 MB read alone). The count stops at the first line
// past the bound.
test('a 25 MB CSV of 3.1 million short rows is refused by the count within a second of CPU', async () => {
  await refusedWithin('Date,Narration,Amount,Balance\n' + '1,2,3,4\n'.repeat(3_100_000), 1_000);
});

test('lines are counted as the delimited reader and trim read them: any ending, blank ones not', () => {
  assert.equal(countTextLines(''), 0);
  assert.equal(countTextLines('a'), 1);
  assert.equal(countTextLines('a\r\nb\rc\n'), 3);
  assert.equal(countTextLines('a\n \t\n\u00a0\u3000\n\f\nb'), 2);
  assert.equal(countTextLines('a\nb\nc\nd', 2), 3);
});

// On main a delimited table was bounded by its rows alone: 50,000 rows of 160 short fields (25 MB)
// and 120,000 rows of 30 took a reader to its 512 MB cap ("needs too much memory" after 22-24 s).
test('a delimited table of more than MAX_XLSX_CELLS fields is refused before it is split, naming the limit', async () => {
  const csv = (rows: number) => {
    const heading = [
      'Date',
      'Narration',
      'Amount',
      'Balance',
      ...Array.from({ length: 46 }, (_, i) => `C${i}`),
    ];
    const row = (i: number) => [
      '01/04/2024',
      `UPI ${i}`,
      '100.00',
      `${5000 + i}.00`,
      ...Array(46).fill('12'),
    ];
    return [heading, ...Array.from({ length: rows }, (_, i) => row(i))].map((r) => r.join(',')).join('\n');
  };
  // a heading and 19,999 rows of 50 fields: MAX_XLSX_CELLS exactly
  assert.equal((MAX_XLSX_CELLS / 50) * 50, MAX_XLSX_CELLS);
  const at = await readDocument(new TextEncoder().encode(csv(MAX_XLSX_CELLS / 50 - 1)), {
    fileName: 'w.csv',
  });
  assert.equal(at.doc.kind, 'sheets');
  const err = await readDocument(new TextEncoder().encode(csv(MAX_XLSX_CELLS / 50)), {
    fileName: 'w.csv',
  }).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(isStatementError(err), `refused, not ${String(err)}`);
  assert.equal(err.code, 'TOO_LARGE');
  assert.match(err.userMessage, /more than 10,00,000 cells: too large to be a bank statement\. Split it/);
});
