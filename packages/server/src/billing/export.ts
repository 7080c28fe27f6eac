import ExcelJS from 'exceljs';
import { formatDisplayDate, lineTotal, toCsvText } from '@bahi/core';
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

export async function vouchersXlsx(vouchers: readonly BillingVoucher[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Vouchers');
  ws.addRow([...EXPORT_COLUMNS]);
  ws.getRow(1).font = { bold: true };
  for (const row of exportRows(vouchers)) ws.addRow(row);
  for (const c of [6, 8]) ws.getColumn(c).numFmt = '#,##0.00';
  ws.columns.forEach((c, i) => (c.width = i === 2 ? 36 : 14));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** RFC 4180 with formula defusing (= + - @ TAB CR): the shared writer of @bahi/core. */
export function vouchersCsv(vouchers: readonly BillingVoucher[]): string {
  return toCsvText([[...EXPORT_COLUMNS], ...exportRows(vouchers)]);
}
