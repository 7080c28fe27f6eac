import { describe, expect, test } from 'vitest';
import type { BillingVoucher } from '@bahi/contract';
import { addItem, deleteItem, editItem, ledgerTotals } from './ledger.ts';

const vouchers = (): BillingVoucher[] => [
  {
    Reference: '1',
    Date: '2025-04-01',
    RoundOff: 0.25,
    Items: [
      { 'Item Name': 'Sugar 5 kg', HSN: '1701', Quantity: 2, 'Selling Price': 200, GST: 5, Total: 420 },
      { 'Item Name': 'Baking Soda', HSN: '2836', Quantity: 3, 'Selling Price': 16.34, GST: 18, Total: 57.84 },
    ],
  },
  {
    Reference: '2',
    Date: '2025-04-01',
    RoundOff: 0,
    Items: [{ 'Item Name': 'Jaggery', HSN: '', Quantity: 1, 'Selling Price': 50, GST: 0, Total: 50 }],
  },
];

describe('item ledger edits (spec section 5)', () => {
  test('Total = (price + price × GST/100) × quantity, rounded to 2 decimals', () => {
    let v = editItem(vouchers(), 0, 1, 'Quantity', '7');
    expect(v[0].Items[1].Total).toBe(134.97); // 16.34 × 1.18 × 7 = 134.9684
    v = editItem(v, 0, 1, 'Selling Price', '10.05');
    expect(v[0].Items[1].Total).toBe(83.01); // 10.05 × 1.18 × 7 = 83.013
    v = editItem(v, 0, 1, 'GST', '12');
    expect(v[0].Items[1].Total).toBe(78.79); // 10.05 × 1.12 × 7 = 78.792
    // the other lines are untouched
    expect(v[0].Items[0]).toEqual(vouchers()[0].Items[0]);
  });

  test('Quantity, Selling Price and GST fall back to 0 when not numbers', () => {
    const v = editItem(vouchers(), 0, 0, 'Quantity', 'abc');
    expect(v[0].Items[0].Quantity).toBe(0);
    expect(v[0].Items[0].Total).toBe(0);
    const w = editItem(vouchers(), 0, 0, 'GST', '');
    expect(w[0].Items[0].GST).toBe(0);
    expect(w[0].Items[0].Total).toBe(400);
  });

  test('choosing an item name that exists elsewhere copies its GST', () => {
    const v = editItem(vouchers(), 1, 0, 'Item Name', 'Baking Soda');
    expect(v[1].Items[0].GST).toBe(18);
    expect(v[1].Items[0].HSN).toBe('2836');
    expect(v[1].Items[0].Total).toBe(59); // 50 × 1.18
    const w = editItem(vouchers(), 1, 0, 'Item Name', 'Something new');
    expect(w[1].Items[0].GST).toBe(0);
  });

  test('add and delete items; totals follow', () => {
    expect(ledgerTotals(vouchers())).toMatchObject({
      lines: 3,
      lineTotal: 527.84,
      roundOff: 0.25,
      total: 528.09,
    });
    const added = addItem(vouchers(), 1);
    expect(added[1].Items).toHaveLength(2);
    const edited = editItem(editItem(added, 1, 1, 'Selling Price', '100'), 1, 1, 'GST', '18');
    expect(ledgerTotals(edited).lineTotal).toBe(645.84);
    const gone = deleteItem(vouchers(), 1, 0);
    expect(gone).toHaveLength(1); // a voucher with no lines left goes too
    expect(ledgerTotals(gone).lineTotal).toBe(477.84);
  });
});
