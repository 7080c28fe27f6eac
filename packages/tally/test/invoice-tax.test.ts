// Tax to the paisa (issue 31): CGST, SGST and IGST are each line's rate on its taxable value,
// rounded to the paisa, CGST and SGST at half the rate each; what the billing's line Totals add
// beyond that goes to the round-off, and the party pays the same.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTaxInvoicesXml, invoiceTotals, readImportXml } from '../src/index.ts';

const line = { 'Item Name': 'x', Quantity: 1, 'Selling Price': 100.49, GST: 18 };
const v = { Reference: 'T-1', Date: '2025-01-01', Items: [line, { ...line, 'Item Name': 'y' }] };

test('two lines of 100.49 at 18%: CGST 9.04 + 9.04 per line, not half of the Totals’ tax', () => {
  const t = invoiceTotals(v, true, true);
  // Each line's Total is 118.58 (tax 18.09); half of 36.18 would be 18.09 a head, but each line's
  // CGST at 9% of 100.49 is 9.0441, 9.04: 18.08 a head on the invoice.
  assert.equal(t.cgst, 1808);
  assert.equal(t.sgst, 1808);
  assert.equal(t.total, 23700, 'what the party pays: the Totals (237.16), rounded to the rupee');
  assert.equal(t.taxable + t.cgst + t.sgst + t.roundOff, t.total);
  const inter = invoiceTotals(v, false, true);
  assert.equal(inter.igst, 3618, '18% of 100.49 is 18.0882: 18.09 a line');
  assert.equal(inter.taxable + inter.igst + inter.roundOff, inter.total);
  // A Bill of Supply carries no tax at all.
  const bos = invoiceTotals(v, true, false);
  assert.equal(bos.cgst + bos.sgst + bos.igst, 0);
});

test('the invoice in the file books those amounts and balances', () => {
  const xml = buildTaxInvoicesXml({ vouchers: [v], withMasters: true, companyState: 'Bihar' });
  const [voucher] = readImportXml(xml).objects.filter((o) => o.kind === 'VOUCHER');
  assert.ok(voucher.kind === 'VOUCHER');
  const leg = (name: string) => voucher.legs.find((l) => l.ledger === name)?.amount;
  assert.equal(leg('CGST'), 1808);
  assert.equal(leg('SGST'), 1808);
  const sum =
    voucher.legs.reduce((a, l) => a + l.amount, 0) + voucher.inventory.reduce((a, i) => a + i.amount, 0);
  assert.equal(sum, 0, 'balanced');
});
