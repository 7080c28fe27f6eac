import { lineTotal } from '@bahi/core';
import type { BillingVoucher, BillingVoucherItem } from '@bahi/contract';

// The Item Ledger Table's edits (spec section 5): Quantity, Selling Price and GST are parsed as
// numbers with 0 as fallback; Total = (price + price × GST/100) × quantity, rounded to 2 decimals;
// choosing an item name that exists elsewhere copies its GST. Pure, so the screen and tests agree.

export type EditableField = 'Item Name' | 'Quantity' | 'Selling Price' | 'GST';

export const toNumber = (v: unknown): number => {
  const n = typeof v === 'number' ? v : parseFloat(String(v ?? '').replace(/,/g, ''));
  return Number.isFinite(n) ? n : 0;
};

const itemTotal = (it: Pick<BillingVoucherItem, 'Quantity' | 'Selling Price' | 'GST'>): number =>
  lineTotal(toNumber(it['Selling Price']), toNumber(it.GST), toNumber(it.Quantity));

/** The GST of an item of this name on any other line, or undefined. */
function gstElsewhere(vouchers: readonly BillingVoucher[], name: string, v: number, i: number) {
  const key = name.trim().toLowerCase();
  if (!key) return undefined;
  for (let a = 0; a < vouchers.length; a++) {
    for (let b = 0; b < vouchers[a].Items.length; b++) {
      if (a === v && b === i) continue;
      const it = vouchers[a].Items[b];
      if (it['Item Name'].trim().toLowerCase() === key) return { gst: it.GST, hsn: it.HSN };
    }
  }
  return undefined;
}

/** The vouchers with one cell of line (v, i) changed and that line's Total recomputed. */
export function editItem(
  vouchers: readonly BillingVoucher[],
  v: number,
  i: number,
  field: EditableField,
  value: string,
): BillingVoucher[] {
  return vouchers.map((voucher, a) => {
    if (a !== v) return voucher;
    const Items = voucher.Items.map((it, b) => {
      if (b !== i) return it;
      const next: BillingVoucherItem = { ...it };
      if (field === 'Item Name') {
        next['Item Name'] = value;
        const other = gstElsewhere(vouchers, value, v, i);
        if (other) {
          next.GST = other.gst;
          if (other.hsn !== undefined) next.HSN = other.hsn;
        }
      } else {
        next[field] = toNumber(value);
      }
      next.Total = itemTotal(next);
      return next;
    });
    return { ...voucher, Items };
  });
}

export function addItem(vouchers: readonly BillingVoucher[], v: number): BillingVoucher[] {
  const blank: BillingVoucherItem = {
    'Item Name': '',
    HSN: '',
    Quantity: 1,
    'Selling Price': 0,
    GST: 0,
    Total: 0,
  };
  return vouchers.map((voucher, a) => (a === v ? { ...voucher, Items: [...voucher.Items, blank] } : voucher));
}

/** Removes line (v, i); a voucher left with no lines is removed too. */
export function deleteItem(vouchers: readonly BillingVoucher[], v: number, i: number): BillingVoucher[] {
  return vouchers
    .map((voucher, a) => (a === v ? { ...voucher, Items: voucher.Items.filter((_, b) => b !== i) } : voucher))
    .filter((voucher) => voucher.Items.length > 0);
}

/** Totals of the table, in rupees (paise-exact sums). */
export function ledgerTotals(vouchers: readonly BillingVoucher[]) {
  let paise = 0;
  let roundOff = 0;
  let lines = 0;
  let quantity = 0;
  for (const v of vouchers) {
    roundOff += Math.round((v.RoundOff ?? 0) * 100);
    for (const it of v.Items) {
      paise += Math.round(toNumber(it.Total) * 100);
      quantity += toNumber(it.Quantity);
      lines++;
    }
  }
  return {
    lines,
    quantity,
    lineTotal: paise / 100,
    roundOff: roundOff / 100,
    total: (paise + roundOff) / 100,
  };
}

export const PAGE_SIZE = 30;
