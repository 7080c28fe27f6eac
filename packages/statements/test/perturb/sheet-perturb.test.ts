// Net-banking spreadsheet exports we have never seen: every corpus truth drawn as a workbook (or a
// printed text report) with the variants real exports have must still parse to the truth exactly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corpusNeeded } from '../read/corpus.ts';
import { SHEET_KINDS, indian, sheetDocument } from './sheet-perturb.ts';
import { checkSheet, sheetCases, sheetTruths } from './sheet-cases.ts';

test('there are corpus truths to draw as exports', corpusNeeded, () => {
  assert.ok(sheetTruths().length >= 14);
});

test('the generator draws what it says', corpusNeeded, () => {
  assert.equal(indian(123456.5), '1,23,456.50');
  assert.equal(indian(-1234567), '-12,34,567.00');
  const truth = sheetTruths()[0]!;
  const first = truth.transactions[0]!;
  const rows = (kinds: Parameters<typeof sheetDocument>[1]) => {
    const doc = sheetDocument(truth, kinds, 1);
    assert.equal(doc.kind, 'sheets');
    return doc.kind === 'sheets' ? doc.sheets : [];
  };
  // a date serial is a whole number of days since 1899-12-30
  const serial = rows(['date-serial'])[0]!.rows[1]![0];
  assert.equal(
    new Date(Date.UTC(1899, 11, 30) + (serial as number) * 86_400_000).toISOString().slice(0, 10),
    first.date,
  );
  assert.equal(rows(['split-heading'])[0]!.rows.length, truth.transactions.length + 2);
  assert.equal(rows(['newest'])[0]!.rows.at(-1)![0], rows([])[0]!.rows[1]![0]);
  assert.equal(rows(['other-sheet']).length, 2);
  const report = sheetDocument(truth, ['text-report'], 1);
  assert.equal(report.kind, 'lines');
});

const all = sheetCases();
for (const kind of SHEET_KINDS) {
  test(`export variant '${kind}' (alone and mixed) keeps every parse exact`, corpusNeeded, () => {
    const mine = all.filter((c) => c.kinds.includes(kind));
    assert.ok(mine.length > 0);
    const failed = mine.map(checkSheet).filter((o) => !o.ok);
    assert.deepEqual(
      failed.map((f) => `${f.case.name}: ${f.detail}`),
      [],
      `${failed.length} of ${mine.length} drawn exports differ from the truth`,
    );
  });
}

// A printed report whose side column is headed 'Type' (a heading the reader does not take for a
// Dr/Cr column), its cells 'DR' / 'Credit': the side words are the amount's marks.
test(
  "a side column under a heading the reader does not know ('Type') gives the amount its side",
  corpusNeeded,
  () => {
    const failed = sheetCases(0, 12)
      .filter((c) => c.kinds.includes('text-report') && c.kinds.includes('type-words'))
      .map(checkSheet)
      .filter((o) => !o.ok);
    assert.deepEqual(
      failed.map((f) => `${f.case.name}: ${f.detail}`),
      [],
    );
  },
);
