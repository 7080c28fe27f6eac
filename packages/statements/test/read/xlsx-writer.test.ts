// The XLSX that Bahi writes (@bahi/core's one writer, used by the web export, billing and the CLI)
// reads back through the production reader as the same table: text, numbers and dates.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { toXlsxBytes } from '@bahi/core';
import { readDocument } from '../../src/read/index.ts';

test('a workbook written by @bahi/core reads back cell for cell', async () => {
  const bytes = toXlsxBytes({
    name: 'Transactions',
    columns: [{ header: 'Date' }, { header: 'Description' }, { header: 'Withdrawal', format: 'money' }],
    rows: [
      [{ date: '2025-04-01' }, 'UPI-RAVI-ravi@okaxis', 1200.5],
      [{ date: '2025-04-02' }, '=1+1 stays text', null],
    ],
  });
  const { doc } = await readDocument(bytes, { fileName: 'export.xlsx' });
  assert.equal(doc.kind, 'sheets');
  if (doc.kind !== 'sheets') return;
  assert.equal(doc.sheets[0]!.name, 'Transactions');
  assert.deepEqual(doc.sheets[0]!.rows, [
    ['Date', 'Description', 'Withdrawal'],
    ['2025-04-01', 'UPI-RAVI-ravi@okaxis', 1200.5],
    ['2025-04-02', '=1+1 stays text'],
  ]);
});
