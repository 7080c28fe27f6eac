// Statements drawn again as PDFs under seeded layout recipes (other header names, fonts and sizes,
// column orders, offsets and widths, paper, narration wrapping above/below/around the date line,
// headers once or on every page, footers, rows per page, grouping, empty-amount marks, Dr/Cr
// balances, date formats), read with the package's reader and parser: every row, narration and
// balance must equal the corpus truth, and the bank must be recognised.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PROFILES } from '../../src/parse/registry.ts';
import { checkPdf, describe, pdfCases } from './pdf-cases.ts';

const PER_BANK = 16;
const all = pdfCases(PER_BANK);

test('every registered bank has PDF layout variants', () => {
  for (const p of PROFILES)
    assert.equal(all.filter((c) => c.bank === p.code).length, PER_BANK, `variants of ${p.code}`);
});

test('the recipes vary what real statements vary', () => {
  const rs = all.map((c) => c.recipe);
  const kinds = (f: (r: (typeof rs)[number]) => unknown) => new Set(rs.map(f)).size;
  assert.equal(
    kinds((r) => r.font),
    3,
  );
  assert.equal(
    kinds((r) => r.wrap),
    3,
  );
  assert.equal(
    kinds((r) => r.amountStyle),
    3,
  );
  assert.equal(
    kinds((r) => r.dateFormat),
    5,
  );
  assert.equal(
    kinds((r) => r.grouping),
    3,
  );
  assert.equal(
    kinds((r) => r.headerEveryPage),
    2,
  );
  assert.ok(kinds((r) => r.columns.map((c) => c.label).join('|')) > all.length * 0.9);
});

for (const p of PROFILES) {
  test(`${p.code}: ${PER_BANK} PDF layout variants parse exactly`, async () => {
    const failed = [];
    for (const c of all.filter((x) => x.bank === p.code)) {
      const o = await checkPdf(c);
      if (!o.ok) failed.push(`${c.name}: ${o.detail}\n  ${describe(c.recipe)}`);
    }
    assert.deepEqual(failed, []);
  });
}
