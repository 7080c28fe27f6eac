// Seeded spreadsheet exports drawn from a corpus truth: what real net-banking Excel downloads vary
// (a header block above the table, merged title cells, a heading split over two rows, dates and
// amounts in other cell types and shapes, empty amounts as blank/0/'-', narrations going on in a row
// of their own, footers and summary tables, newest first, the table on another sheet, columns in
// another order). Every variant keeps every value, so the parse must still equal the truth.
import type { Cell, Sheet, SourceDocument } from '../../src/source.ts';
import { readDelimited } from '../../src/read/delimited.ts';
import { seededRng, type Rng } from '@bahi/core';

export interface TruthRow {
  date: string;
  valueDate?: string | null;
  description: string;
  reference?: string | null;
  withdrawal: number;
  deposit: number;
  balance: number;
}
export interface Truth {
  openingBalance: number;
  closingBalance: number;
  period?: { from: string; to: string };
  account?: { number?: string; holder?: string };
  transactions: TruthRow[];
}

export const SHEET_KINDS = [
  'header',
  'split-heading',
  'date-serial',
  'date-cell',
  'date-slash',
  'date-mon',
  'date-yy',
  'date-time',
  'amount-text',
  'amount-crdr',
  'amount-signed',
  'amount-type',
  'empty',
  'wrap',
  'footer',
  'newest',
  'other-sheet',
  'summary',
  'order',
  'headings',
  'balance-crdr',
  'text-report',
  'date-dash',
  'date-dot',
  'date-spaced',
  'serial-no',
  'spacers',
  'opening-row',
  'currency',
  'repeat-heading',
  'type-words',
  'delimited',
  'flat-text',
  'empty-headings',
] as const;
export type SheetKind = (typeof SHEET_KINDS)[number];

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 1,23,456.78 */
export function indian(n: number): string {
  const [int, dec] = Math.abs(n).toFixed(2).split('.') as [string, string];
  const last3 = int.slice(-3);
  const rest = int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last3}.${dec}`;
}

function serial(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000);
}

type DateStyle = 'slash' | 'serial' | 'cell' | 'mon' | 'yy' | 'time' | 'dash' | 'dot' | 'spaced';
function dateCell(iso: string, style: DateStyle, r: Rng): Cell {
  const [y, m, d] = iso.split('-') as [string, string, string];
  switch (style) {
    case 'serial':
      // a date-time cell that lost its format: the time is the serial's fraction
      return serial(iso) + (r() < 0.5 ? Math.floor(r() * 1440) / 1440 : 0);
    case 'cell':
      return iso;
    case 'mon':
      return `${d}-${MON[Number(m) - 1]}-${y}`;
    case 'dash':
      return `${d}-${m}-${y}`;
    case 'dot':
      return `${d}.${m}.${y}`;
    case 'spaced':
      return `${d} ${MON[Number(m) - 1]} ${y}`;
    case 'yy':
      return `${d}/${m}/${y.slice(2)}`;
    case 'time':
      return `${d}/${m}/${y} ${String(Math.floor(r() * 24)).padStart(2, '0')}:${String(Math.floor(r() * 60)).padStart(2, '0')}:00`;
    default:
      return `${d}/${m}/${y}`;
  }
}

type Field =
  'date' | 'narration' | 'ref' | 'value' | 'debit' | 'credit' | 'balance' | 'amount' | 'type' | 'sl' | 'gap';

/** The sheet of `truth` with the `kinds` applied, the choices inside each drawn from `seed`. */
export function sheetDocument(truth: Truth, kinds: readonly SheetKind[], seed: number): SourceDocument {
  const r = seededRng(seed);
  const has = (k: SheetKind) => kinds.includes(k);
  // a printed report has no cell types: its dates are text
  const typed = !has('text-report') && !has('delimited') && !has('flat-text');
  const dateStyle: DateStyle =
    typed && has('date-serial')
      ? 'serial'
      : typed && has('date-cell')
        ? 'cell'
        : has('date-mon')
          ? 'mon'
          : has('date-yy')
            ? 'yy'
            : has('date-time') && !has('flat-text')
              ? 'time'
              : has('date-dash')
                ? 'dash'
                : has('date-dot')
                  ? 'dot'
                  : has('date-spaced')
                    ? 'spaced'
                    : 'slash';
  const amountStyle =
    has('amount-type') || has('type-words')
      ? has('flat-text')
        ? 'crdr'
        : 'type'
      : has('amount-signed')
        ? 'signed'
        : has('amount-crdr')
          ? 'crdr'
          : 'split';
  const emptyAs: Cell = has('empty') ? pick<Cell>(r, [0, '-', ' ', '0.00']) : null;
  const currency = has('currency') ? pick(r, ['₹ ', 'INR ', 'Rs. ']) : '';
  const figure = (n: number): Cell =>
    currency ? `${currency}${indian(n)}` : has('amount-text') ? indian(n) : n;
  // a type column may spell the side out; a figure's suffix is always the two-letter mark
  const [dr, cr] = has('type-words')
    ? pick(r, [
        ['DR', 'CR'],
        ['Debit', 'Credit'],
        ['D', 'C'],
      ] as const)
    : ['Dr', 'Cr'];
  const [sdr, scr] = dr.length === 2 ? [dr, cr] : ['Dr', 'Cr'];
  const withRef = truth.transactions.some((t) => t.reference);
  const withValue = truth.transactions.some((t) => t.valueDate);

  let fields: Field[] = ['date', 'narration'];
  if (withRef) fields.push('ref');
  if (withValue) fields.push('value');
  if (amountStyle === 'split') fields.push('debit', 'credit');
  else if (amountStyle === 'type') fields.push('amount', 'type');
  else fields.push('amount');
  fields.push('balance');
  if (has('order')) {
    // the balance before the amounts, the reference last
    const amounts = fields.filter((f) => ['debit', 'credit', 'amount', 'type'].includes(f));
    fields = [
      ...fields.filter((f) => !amounts.includes(f) && f !== 'balance' && f !== 'ref'),
      'balance',
      ...amounts,
      ...(withRef ? (['ref'] as Field[]) : []),
    ];
  }
  // (a line set one space apart keeps no reference or Dr/Cr word apart from the narration and figures)
  if (has('flat-text')) fields = fields.filter((f) => f !== 'ref' && f !== 'type');
  if (has('serial-no') && !has('flat-text')) fields.unshift('sl');
  if (has('spacers') && !has('flat-text'))
    fields = fields.flatMap((f, i) => (i ? (['gap', f] as Field[]) : [f]));
  const titles: Record<Field, readonly [string, string]> = {
    date: ['Txn', 'Date'],
    narration: ['Transaction', 'Remarks'],
    ref: ['Chq./Ref.', 'No.'],
    value: ['Value', 'Date'],
    debit: ['Withdrawal', 'Amount (INR)'],
    credit: ['Deposit', 'Amount (INR)'],
    balance: ['Balance', '(INR)'],
    amount: ['Transaction', 'Amount (INR)'],
    type: ['Dr / Cr', ''],
    sl: ['Sl.', 'No.'],
    gap: ['', ''],
  };
  if (has('headings')) {
    // other banks' words for the same columns
    const other: Record<Field, [string, string][]> = {
      date: [
        ['Tran', 'Date'],
        ['Post', 'Date'],
        ['Transaction', 'Date'],
        ['Date', ''],
      ],
      narration: [
        ['Particulars', ''],
        ['Description', ''],
        ['Narration', ''],
        ['Details', ''],
      ],
      ref: [
        ['Cheque', 'No.'],
        ['Ref No./Cheque', 'No.'],
        ['Instrument', 'Id'],
      ],
      sl: [
        ['S.No', ''],
        ['Sr', 'No'],
        ['#', ''],
      ],
      gap: [['', '']],
      value: [
        ['Value', 'Dt'],
        ['Value', 'Date'],
      ],
      debit: [
        ['Debit', ''],
        ['Withdrawals', ''],
        ['Dr', 'Amount'],
      ],
      credit: [
        ['Credit', ''],
        ['Deposits', ''],
        ['Cr', 'Amount'],
      ],
      balance: [
        ['Balance', ''],
        ['Running', 'Balance'],
        ['Available', 'Balance'],
      ],
      amount: [
        ['Amount', ''],
        ['Amount', '(Rs.)'],
      ],
      type: [
        ['Cr/Dr', ''],
        ['Type', ''],
        ['Dr/Cr', ''],
      ],
    };
    for (const f of fields) titles[f] = pick(r, other[f]);
  }
  const heading: Cell[][] = has('split-heading')
    ? [fields.map((f) => titles[f][0] || null), fields.map((f) => titles[f][1] || null)]
    : [fields.map((f) => `${titles[f][0]} ${titles[f][1]}`.trim() || null)];
  // headings right of the table with nothing ever written under them
  if (has('empty-headings')) {
    heading[0]!.push('Remarks', 'Branch Code');
    for (const h of heading.slice(1)) h.push(null, null);
  }

  const body: Cell[][] = [];
  const txns = has('newest') ? [...truth.transactions].reverse() : truth.transactions;
  if (has('opening-row'))
    body.push(
      fields.map((f) =>
        f === 'narration' ? 'Opening Balance' : f === 'balance' ? figure(truth.openingBalance) : null,
      ),
    );
  const breakAt = has('repeat-heading') ? Math.floor(txns.length / 2) : -1;
  for (const [i, t] of txns.entries()) {
    if (i === breakAt && i > 0) body.push([], ['Page 1 of 2'], [], ...heading);
    let narration = t.description;
    let more: string | null = null;
    const cut = narration.lastIndexOf(' ', Math.floor(narration.length / 2));
    if (has('wrap') && r() < 0.4 && cut > 3) {
      more = narration.slice(cut + 1);
      narration = narration.slice(0, cut);
    }
    const signed = t.deposit - t.withdrawal;
    const cell: Record<Field, Cell> = {
      date: dateCell(t.date, dateStyle, r),
      narration,
      ref: t.reference ?? null,
      value: t.valueDate ? dateCell(t.valueDate, dateStyle === 'time' ? 'slash' : dateStyle, r) : null,
      debit: t.withdrawal ? figure(t.withdrawal) : emptyAs,
      credit: t.deposit ? figure(t.deposit) : emptyAs,
      balance: has('balance-crdr')
        ? `${indian(Math.abs(t.balance))} ${t.balance < 0 ? sdr : scr}`
        : figure(t.balance),
      amount:
        amountStyle === 'signed'
          ? has('amount-text')
            ? indian(signed)
            : signed
          : amountStyle === 'crdr'
            ? `${indian(Math.abs(signed))} ${signed < 0 ? sdr : scr}`
            : figure(Math.abs(signed)),
      type: signed < 0 ? dr : cr,
      sl: i + 1,
      gap: null,
    };
    body.push(fields.map((f) => cell[f]));
    if (more !== null) body.push(fields.map((f) => (f === 'narration' ? more : null)));
  }

  const top: Cell[][] = [];
  const width = fields.length;
  const row = (...cells: Cell[]) => [...cells, ...Array<Cell>(Math.max(0, width - cells.length)).fill(null)];
  if (has('header')) {
    // a merged title (its value in the first cell only), account details, blank rows
    top.push(row('Statement of Account'));
    const lines: Cell[][] = [
      row('Account Name', truth.account?.holder ?? 'M/S SHREE TRADERS'),
      row('Address', '12, MG ROAD'),
      row(null, 'PUNE 411001'),
      row('Account Number', truth.account?.number ?? '00012345678'),
      row('Account Type', 'SAVINGS'),
      row('Currency', 'INR'),
      row('Branch', 'MAIN BRANCH'),
      row(),
      row('Statement Period', truth.period ? `${truth.period.from} to ${truth.period.to}` : ''),
      row('Opening Balance', figure(truth.openingBalance)),
    ];
    const n = 5 + Math.floor(r() * 12);
    for (let i = 0; i < n; i++) top.push(lines[i % lines.length]!);
    top.push(row());
  }
  // the statements set one space apart print their opening balance, as a line or in the header
  if (has('flat-text') && !has('header') && !has('opening-row'))
    top.push(row('Opening Balance', figure(truth.openingBalance)));
  const bottom: Cell[][] = [];
  if (has('footer')) {
    const debits = truth.transactions.reduce((s, t) => s + t.withdrawal, 0);
    const credits = truth.transactions.reduce((s, t) => s + t.deposit, 0);
    bottom.push(
      row(),
      fields.map((f) =>
        f === 'date'
          ? 'Total'
          : f === 'debit'
            ? figure(Math.round(debits * 100) / 100)
            : f === 'credit'
              ? figure(Math.round(credits * 100) / 100)
              : null,
      ),
      row('Closing Balance', figure(truth.closingBalance)),
      row('This is a computer generated statement and does not require a signature.'),
      row('Page 1 of 2'),
      row('Generated on 05/08/2025 10:15:32'),
    );
  }
  if (has('summary')) {
    bottom.push(
      row(),
      row('Statement Summary'),
      row('Opening Balance', 'Debits', 'Credits', 'Closing Balance'),
      row(
        figure(truth.openingBalance),
        truth.transactions.filter((t) => t.withdrawal).length,
        truth.transactions.filter((t) => t.deposit).length,
        figure(truth.closingBalance),
      ),
    );
  }
  const table: Sheet = { name: 'Statement', rows: [...top, ...heading, ...body, ...bottom] };
  const sheets: Sheet[] = has('other-sheet')
    ? [{ name: 'Summary', rows: [['Account summary'], ['Customer', truth.account?.holder ?? '']] }, table]
    : [table];
  if (has('text-report')) return { kind: 'lines', format: 'rpt', lines: sheets.flatMap(textLines) };
  if (has('flat-text')) {
    // a statement's text set one space apart: an empty amount printed '-' or left out
    const dash = r() < 0.5;
    return { kind: 'lines', format: 'rpt', lines: sheets.flatMap((sh) => flatLines(sh, dash)) };
  }
  if (has('delimited')) {
    // a CSV, tab- or semicolon-separated download, read back as the reader reads such a file
    const d = pick(r, [',', '\t', ';'] as const);
    const field = (v: Cell) => {
      const t = v === null ? '' : typeof v === 'number' ? v.toFixed(2) : v;
      return t.includes(d) || t.includes('"') ? `"${t.replace(/"/g, '""')}"` : t;
    };
    const text = sheets.flatMap((sh) => [...sh.rows.map((row) => row.map(field).join(d)), '']).join('\r\n');
    const sheet = readDelimited(text);
    if (!sheet) throw new Error('the delimited text was not read as delimited');
    return { kind: 'sheets', format: 'xlsx', sheets: [sheet] };
  }
  return { kind: 'sheets', format: 'xlsx', sheets };
}

/** A sheet's rows set one space apart, as a statement's extracted text is; `dash` prints an empty amount '-'. */
function flatLines(sheet: Sheet, dash: boolean): string[] {
  const figureColumns = new Set<number>();
  for (const row of sheet.rows) row.forEach((v, c) => typeof v === 'number' && figureColumns.add(c));
  return sheet.rows.map((r) =>
    r
      .map((v, c) =>
        v === null || v === ''
          ? dash && figureColumns.has(c) && r.some((x) => typeof x === 'number')
            ? '-'
            : ''
          : typeof v === 'number'
            ? v.toFixed(2)
            : v,
      )
      .filter((t) => t.trim() !== '')
      .join(' '),
  );
}

/** A sheet printed as a fixed-width text report: text left in its column, figures right. */
function textLines(sheet: Sheet): string[] {
  const shown = (v: Cell) => (v === null ? '' : typeof v === 'number' ? v.toFixed(2) : v);
  const width = Math.max(...sheet.rows.map((r) => r.length));
  const widths = Array.from({ length: width }, (_, c) =>
    Math.max(...sheet.rows.map((r) => shown(r[c] ?? null).length)),
  );
  // a title or detail line too long for its column is printed as it is, the rest of the line after it
  return sheet.rows.map((r) =>
    r
      .map((v, c) => {
        const t = shown(v);
        return typeof v === 'number' ? t.padStart(widths[c]!) : t.padEnd(widths[c]!);
      })
      .join('  ')
      .trimEnd(),
  );
}
