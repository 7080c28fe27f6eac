import { formatDisplayDate, lineTotal, toCsvText, toXlsxBytes } from '@bahi/core';
import type { BillingVoucher } from '@bahi/contract';

// The Excel and CSV outputs of the billing vouchers: one row per line, the voucher's Reference and
// Date repeated, Date as DD-MM-YYYY (spec display), money as numbers.

export const EXPORT_COLUMNS = [
  'Reference',
  'Date',
  'Item Name',
  'HSN',
  'Quantity',
  'Selling Price',
  'GST',
  'Total',
] as const;

type Row = [string, string, string, string, number, number, number, number];

const n = (v: number | string | undefined) => {
  const x = typeof v === 'number' ? v : Number(String(v ?? '').replace(/,/g, ''));
  return Number.isFinite(x) ? x : 0;
};

export function exportRows(vouchers: readonly BillingVoucher[]): Row[] {
  const rows: Row[] = [];
  for (const v of vouchers) {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(v.Date) ? formatDisplayDate(v.Date) : v.Date;
    for (const it of v.Items) {
      const [qty, price, gst] = [n(it.Quantity), n(it['Selling Price']), n(it.GST)];
      const total = it.Total === undefined || it.Total === '' ? lineTotal(price, gst, qty) : n(it.Total);
      rows.push([v.Reference, date, it['Item Name'], it.HSN ?? '', qty, price, gst, total]);
    }
  }
  return rows;
}

/** The one XLSX writer of @bahi/core: Item Name wide, Selling Price and Total as money. */
export function vouchersXlsx(vouchers: readonly BillingVoucher[]): Buffer {
  const columns = EXPORT_COLUMNS.map((header, i) => ({
    header,
    width: i === 2 ? 36 : 14,
    ...(header === 'Selling Price' || header === 'Total' ? { format: 'money' as const } : {}),
  }));
  return Buffer.from(toXlsxBytes({ name: 'Vouchers', columns, rows: exportRows(vouchers) }));
}

/** RFC 4180 with formula defusing (= + - @ TAB CR): the shared writer of @bahi/core. */
export function vouchersCsv(vouchers: readonly BillingVoucher[]): string {
  return toCsvText([[...EXPORT_COLUMNS], ...exportRows(vouchers)]);
}
