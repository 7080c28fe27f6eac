import { toXlsxBytes, XLSX_TYPE, type XlsxSheet } from '@bahi/core';

// The billing workbooks' columns (issue 34 round three: the screen named no template and no column
// list). The server finds them by header name in the first row of the first sheet
// (server billing/workbook.ts; ../shared/corpus/billing/README.md); a template has those headers and
// one example row.

export const ITEM_COLUMNS = [
  { name: 'Item Name', meaning: 'the stock item, as named in Tally' },
  { name: 'HSN', meaning: 'optional; kept as text so leading zeros stay' },
  { name: 'Quantity', meaning: 'units in stock, a whole number' },
  { name: 'Selling Price', meaning: 'rupees per unit, before GST' },
  { name: 'GST', meaning: 'percent: 0, 5, 12, 18 or 28' },
] as const;

export const AMOUNT_COLUMNS = [
  { name: 'Date', meaning: 'DD-MM-YYYY: the invoices of that day are dated so' },
  { name: 'Amount', meaning: 'rupees, tax included; their sum is billed, not the Amount to Allocate typed' },
] as const;

const ITEMS: XlsxSheet = {
  name: 'Items',
  columns: [
    { header: 'Item Name', width: 28 },
    { header: 'HSN', width: 10 },
    { header: 'Quantity', width: 10 },
    { header: 'Selling Price', width: 14, format: 'money' },
    { header: 'GST', width: 8 },
  ],
  rows: [
    ['Basmati Rice 5 kg', '1006', 40, 450, 5],
    ['Sunflower Oil 1 L', '1512', 60, 140, 5],
  ],
};

const AMOUNTS: XlsxSheet = {
  name: 'Amounts',
  columns: [
    { header: 'Date', width: 12 },
    { header: 'Amount', width: 14, format: 'money' },
  ],
  // billable to the paisa from the items template (2 × 472.50 + 3 × 147.00; 472.50 + 2 × 147.00)
  rows: [
    ['01-04-2025', 1386],
    ['02-04-2025', 766.5],
  ],
};

/** The template workbook of the items or the amounts, as a file to save. */
export function templateOf(kind: 'items' | 'amounts'): { blob: Blob; name: string } {
  const bytes = toXlsxBytes(kind === 'items' ? ITEMS : AMOUNTS);
  return {
    blob: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE }),
    name: kind === 'items' ? 'billing-items-template.xlsx' : 'billing-amounts-template.xlsx',
  };
}
