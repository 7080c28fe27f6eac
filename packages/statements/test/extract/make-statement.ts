// Test fixture and benchmark input: a synthetic HDFC-style text statement of N pages, written with
// pdfkit. Made-up names and amounts from a seeded generator; the balance chain holds (unless a
// break is asked for), so the parse reconciles.
import { createWriteStream } from 'node:fs';
import { seededRng } from '@bahi/core';
import PDFDocument from 'pdfkit';

/** Indian grouping: 1,23,456.78 */
export function inr(paise: number): string {
  const [int, dec] = (Math.abs(paise) / 100).toFixed(2).split('.');
  const last3 = int.slice(-3);
  const rest = int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${paise < 0 ? '-' : ''}${rest ? `${rest},${last3}` : last3}.${dec}`;
}

const ROWS_PER_PAGE = 48;
const NAMES = [
  'MEENAKSHI VERMA',
  'SHREE GANESH TRADERS',
  'INDIAN OIL CORP',
  'ANIL KUMAR',
  'SAI KRUPA ENTERPRISES',
];

export function makeStatement(
  path: string,
  pages: number,
  seed = 1,
  /** print a wrong balance on this row (0-based), for tests of the reconciliation */
  breakAt = -1,
): Promise<{ rows: number }> {
  const rand = seededRng(seed);
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false });
  const out = createWriteStream(path);
  doc.pipe(out);
  const opening = 1_000_000_00;
  let balance = opening;
  const start = Date.UTC(2025, 3, 1);
  const totalRows = pages * ROWS_PER_PAGE;
  const dd = (ms: number) => {
    const d = new Date(ms);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${p(d.getUTCDate())}/${p(d.getUTCMonth() + 1)}/${p(d.getUTCFullYear() % 100)}`;
  };
  const end = start + Math.floor(totalRows / 20) * 86_400_000;
  let row = 0;
  for (let page = 1; page <= pages; page++) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(14).text('HDFC BANK LTD', 28, 24, { lineBreak: false });
    doc.font('Helvetica').fontSize(7.5);
    const left = ['MS BENCH MARK', 'PLOT 1, SECTOR 1', 'CHANDIGARH - 160017'];
    left.forEach((t, i) => doc.text(t, 28, 48 + i * 9.5, { lineBreak: false }));
    const right: [string, string][] = [
      ['Account Branch :', 'SECTOR 17, CHANDIGARH'],
      ['Currency :', 'INR'],
      ['Account No :', '50100000000001'],
      ['RTGS/NEFT IFSC :', 'HDFC0000001'],
    ];
    right.forEach(([k, v], i) => {
      doc.text(k, 306, 48 + i * 9.5, { lineBreak: false });
      doc.text(v, 398, 48 + i * 9.5, { lineBreak: false });
    });
    doc.fontSize(8.5).text(`Statement of account`, 28, 215, { lineBreak: false });
    doc.text(`From : ${dd(start)}`, 126, 215, { lineBreak: false });
    doc.text(`To : ${dd(end)}`, 203, 215, { lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(7);
    const head: [string, number][] = [
      ['Date', 31],
      ['Narration', 70],
      ['Chq./Ref.No.', 268],
      ['Value Dt', 345],
      ['Withdrawal Amt.', 386],
      ['Deposit Amt.', 458],
      ['Closing Balance', 510],
    ];
    for (const [t, x] of head) doc.text(t, x, 233, { lineBreak: false });
    doc.font('Helvetica').fontSize(7);
    for (let r = 0; r < ROWS_PER_PAGE && row < totalRows; r++, row++) {
      const y = 246 + r * 11.5;
      const date = dd(start + Math.floor(row / 20) * 86_400_000);
      const amount = Math.round(100 + rand() * 5_000_000);
      // Keep the balance positive: a deposit whenever it runs low.
      const deposit = balance < 10_000_000 || rand() < 0.45;
      balance += deposit ? amount : -amount;
      const ref = String(518_000_000_000 + row).padStart(16, '0');
      const name = NAMES[Math.floor(rand() * NAMES.length)];
      doc.text(date, 31, y, { lineBreak: false });
      doc.text(`UPI-${name}-${ref.slice(-12)}-PAYMENT`, 70, y, { lineBreak: false });
      doc.text(ref, 268, y, { lineBreak: false });
      doc.text(date, 345, y, { lineBreak: false });
      const amt = inr(amount);
      if (deposit) doc.text(amt, 500 - doc.widthOfString(amt), y, { lineBreak: false });
      else doc.text(amt, 440 - doc.widthOfString(amt), y, { lineBreak: false });
      const bal = inr(row === breakAt ? balance + 100_00 : balance);
      doc.text(bal, 570 - doc.widthOfString(bal), y, { lineBreak: false });
    }
  }
  doc.end();
  return new Promise((resolve, reject) => {
    out.on('finish', () => resolve({ rows: totalRows }));
    out.on('error', reject);
  });
}
