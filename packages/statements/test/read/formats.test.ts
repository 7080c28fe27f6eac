// Golden tests of the text formats banks serve besides PDF (test/fixtures/formats): each file read by
// the package's own readers beside its expected output, and every one a read that reconciles.
//   csv-export.csv        a CSV export: a TAB before every amount, an overdrawn balance printed
//                         '-,93,39,895.11', a DR/CR column, OPENING and CLOSING BALANCE rows without
//                         a date, a TRANSACTION TOTAL row, a legend after the table
//   delimited-padded.txt  a delimited text download: fields padded with spaces, narrations holding
//                         an unquoted comma, a negative debit for a reversal
//   report-continue-mid.txt  a printed report whose '**Continue**' stands under the cheque column
//                         (it was read as the last row's cheque number), the holder after
//                         'Customer :' (a dashed rule was taken for the name)
//   flat-text.txt         a plain-text download set one space apart (no column stands apart): read
//                         by the words' order; one row's figures on its wrapped line, '-' for an
//                         empty cell, a single amount whose side the balance movement gives
// UPDATE_GOLDEN=1 writes the expected outputs from today's reads (check the diff).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement, readDocument, toTruthJson } from '../../src/index.ts';

const dir = path.resolve(import.meta.dirname, '../fixtures/formats');
const inputs = readdirSync(dir).filter((f) => !f.endsWith('.expected.json'));

test('every format fixture has its expected output', () => {
  assert.ok(inputs.length >= 2);
  for (const f of inputs) assert.ok(existsSync(path.join(dir, `${f}.expected.json`)), f);
});

for (const f of inputs) {
  test(`${f}: read as its golden output, reconciled`, async () => {
    const bytes = new Uint8Array(readFileSync(path.join(dir, f)));
    const read = await readDocument(bytes, { fileName: f, ocr: false });
    const result = parseStatement(read.doc);
    const out = JSON.parse(JSON.stringify(toTruthJson(result)));
    const golden = path.join(dir, `${f}.expected.json`);
    if (process.env.UPDATE_GOLDEN) writeFileSync(golden, JSON.stringify(out, null, 2) + '\n');
    assert.deepEqual(out, JSON.parse(readFileSync(golden, 'utf8')));
    assert.ok(result.accounts.length > 0);
    for (const a of result.accounts) assert.ok(a.reconciliation.ok, a.reconciliation.message);
  });
}
