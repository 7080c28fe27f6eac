// Draws small bank statements with pdfkit for the issue-17 tests (API and browser): a table with the
// usual headings, or with made-up headings the reader does not know, and optionally a misprinted
// amount so the balance chain breaks at a known row. The geometry is exported so a test can mark
// the columns like a user would.
import PDFDocument from 'pdfkit';

export interface DrawnRow {
  date: string; // DD/MM/YYYY
  description: string;
  withdrawal: number; // rupees
  deposit: number;
  balance: number;
}

type DrawnColumn = {
  role: 'serial' | 'reference' | 'date' | 'description' | 'debit' | 'credit' | 'balance';
  x0: number;
  x1: number;
  heading: string;
};

/** Column bands of the usual table, in PDF points (origin top-left). */
export const KNOWN_COLUMNS: DrawnColumn[] = [
  { role: 'date', x0: 36, x1: 100, heading: 'Date' },
  { role: 'description', x0: 100, x1: 300, heading: 'Narration' },
  { role: 'debit', x0: 300, x1: 390, heading: 'Withdrawal' },
  { role: 'credit', x0: 390, x1: 480, heading: 'Deposit' },
  { role: 'balance', x0: 480, x1: 576, heading: 'Balance' },
];

/**
 * A table the reader cannot place alone: made-up headings, and the date only in the fourth column
 * (after a serial number, a reference and the narration).
 */
export const UNKNOWN_COLUMNS: DrawnColumn[] = [
  { role: 'serial', x0: 30, x1: 52, heading: 'Zq' },
  { role: 'reference', x0: 52, x1: 110, heading: 'Vrelk' },
  { role: 'description', x0: 110, x1: 290, heading: 'Quibble Frotz' },
  { role: 'date', x0: 290, x1: 350, heading: 'Zorp' },
  { role: 'debit', x0: 350, x1: 425, heading: 'Flarn' },
  { role: 'credit', x0: 425, x1: 500, heading: 'Snerk' },
  { role: 'balance', x0: 500, x1: 576, heading: 'Glimmox' },
];
export const HEADING_Y = 200;
export const FIRST_ROW_Y = 222;
export const ROW_STEP = 18;

const OPENING = 50_000;

/** `n` rows from `start` (a day of January 2026), chained from an opening balance of 50,000.00. */
export function drawnRows(n: number, seed = 1): DrawnRow[] {
  const rows: DrawnRow[] = [];
  let bal = OPENING;
  for (let i = 0; i < n; i++) {
    const out = (i + seed) % 3 !== 0;
    const amt = 250 + ((i * 137 + seed * 71) % 40) * 25;
    bal += out ? -amt : amt;
    const day = String(1 + (i % 28)).padStart(2, '0');
    rows.push({
      date: `${day}/01/2026`,
      description: `${out ? 'UPI PAYMENT' : 'NEFT CREDIT'} ${1000 + i} SHOP${i}`,
      withdrawal: out ? amt : 0,
      deposit: out ? 0 : amt,
      balance: bal,
    });
  }
  return rows;
}

const fmt = (r: number) =>
  r ? r.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '';

export async function drawStatement(opts: {
  rows: DrawnRow[];
  /** made-up headings the reader does not know */
  unknownHeadings?: boolean;
  /** misprint this row's withdrawal (or deposit) by `by` rupees: the chain breaks there */
  misprint?: { row: number; by: number };
  /** a line of header text that moves the table down (another statement of the same shape) */
  extraHeaderLines?: number;
  account?: string;
  /** opens only with this password (AES-256, as the banks protect theirs) */
  password?: string;
  /** the bank's name printed above the title and its IFSC beside the account (issue 34) */
  bank?: { name: string; ifsc: string };
}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 36,
    ...(opts.password ? { userPassword: opts.password, pdfVersion: '1.7ext3' as const } : {}),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica').fontSize(9);
  const shift = (opts.extraHeaderLines ?? 0) * 14;
  if (opts.bank) doc.fontSize(12).text(opts.bank.name, 36, 20, { lineBreak: false });
  doc.fontSize(14).text('Statement of Account', 36, 40, { lineBreak: false });
  doc.fontSize(9);
  if (opts.bank) doc.text(`IFSC: ${opts.bank.ifsc}`, 330, 84, { lineBreak: false });
  doc.text('Account Holder: Meera Traders', 36, 70, { lineBreak: false });
  doc.text(`Account Number: ${opts.account ?? '00112233445566'}`, 36, 84, { lineBreak: false });
  doc.text('Period: 01/01/2026 to 31/01/2026', 36, 98, { lineBreak: false });
  // the opening the first row drawn moves from (a later part of the month opens where the part
  // before it closed, as a bank prints it)
  const first = opts.rows[0];
  const opening = first ? first.balance - first.deposit + first.withdrawal : OPENING;
  doc.text(`Opening Balance: ${fmt(opening)}`, 36, 112, { lineBreak: false });
  for (let i = 0; i < (opts.extraHeaderLines ?? 0); i++)
    doc.text(`Branch note ${i + 1}: statement generated for the account holder`, 36, 126 + i * 14, {
      lineBreak: false,
    });
  const columns = opts.unknownHeadings ? UNKNOWN_COLUMNS : KNOWN_COLUMNS;
  const isFigure = (c: DrawnColumn) => c.role === 'debit' || c.role === 'credit' || c.role === 'balance';
  for (const c of columns) {
    const label = c.heading;
    const right = isFigure(c);
    doc.text(label, right ? c.x1 - 4 - doc.widthOfString(label) : c.x0 + 2, HEADING_Y + shift, {
      lineBreak: false,
    });
  }
  opts.rows.forEach((r, i) => {
    const y = FIRST_ROW_Y + shift + i * ROW_STEP;
    let w = r.withdrawal;
    let d = r.deposit;
    if (opts.misprint?.row === i) {
      if (w) w += opts.misprint.by;
      else d += opts.misprint.by;
    }
    const cell: Record<DrawnColumn['role'], string> = {
      serial: String(i + 1),
      reference: `CHQ${70_000 + i * 7}`,
      date: r.date,
      description: r.description,
      debit: fmt(w),
      credit: fmt(d),
      balance: fmt(r.balance),
    };
    columns.forEach((c) => {
      const text = cell[c.role];
      if (!text) return;
      const right = isFigure(c);
      doc.text(text, right ? c.x1 - 4 - doc.widthOfString(text) : c.x0 + 2, y, { lineBreak: false });
    });
  });
  doc.end();
  return done;
}
