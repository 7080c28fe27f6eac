// PDF-level layout variants: a statement drawn again with pdfkit from a corpus truth file, under a
// seeded layout recipe (header names real banks print, fonts, column order and widths, page size,
// narration wrapping above/below/around the date line, page breaks, footers, amount and date
// styles). The drawn values are the truth's, so the parse must equal the truth exactly.
import { randomInt, seededRng, type Rng } from '@bahi/core';
import PDFDocument from 'pdfkit';
import type { Role } from '../../src/parse/columns/model.ts';

export interface TruthTx {
  date: string;
  valueDate: string | null;
  description: string;
  reference: string | null;
  withdrawal: number;
  deposit: number;
  balance: number;
}

export interface Truth {
  file: string;
  bank: string;
  account: { number: string; holder: string; ifsc: string | null };
  period: { from: string; to: string };
  openingBalance: number;
  closingBalance: number;
  transactions: TruthTx[];
}

/** The columns the reader knows (its roles), each drawn under one of its printed names. */
export type ColumnKind = Exclude<Role, 'other'>;

/** Names real Indian statements print over each column (the corpus's and their common synonyms). */
export const LABELS: Record<ColumnKind, string[]> = {
  serial: ['Sl No', 'S No.', 'Sr No', 'S.No'],
  date: ['Date', 'Txn Date', 'Tran Date', 'Transaction Date', 'Post Date', 'Trans Date'],
  valueDate: ['Value Dt', 'Value Date'],
  description: ['Narration', 'Description', 'Particulars', 'Transaction Details', 'Remarks', 'Details'],
  reference: ['Chq./Ref.No.', 'Cheque No', 'Ref No', 'Chq No', 'Reference No', 'Instrument Id'],
  debit: ['Withdrawal Amt.', 'Debit', 'Dr Amount', 'Withdrawals', 'Withdrawal (Dr)', 'Debit Amount'],
  credit: ['Deposit Amt.', 'Credit', 'Cr Amount', 'Deposits', 'Deposit (Cr)', 'Credit Amount'],
  amount: ['Amount', 'Amount (Rs.)', 'Transaction Amount', 'Amount (INR)'],
  mark: ['Dr/Cr', 'Dr / Cr', 'Cr/Dr'],
  balance: ['Closing Balance', 'Balance', 'Running Balance', 'Balance (Rs.)'],
};

export type AmountStyle = 'split' | 'markColumn' | 'suffix';

/**
 * Columns the reader has no role for that real statements print beside the transaction's own: a
 * branch code of digits (Axis 'Init. Br', Canara, Finacle 'Sol Id'), a transaction type (TFR, CLG),
 * a transaction id (Union, Federal), the currency (IDBI's CCY before the amount), a channel.
 */
export type Extra = 'branch' | 'tranType' | 'tranId' | 'ccy' | 'channel';
/** where an extra column is drawn: first, after the date, before the figures, after the balance */
export type ExtraAt = 'first' | 'afterDate' | 'beforeMoney' | 'afterBalance';
const EXTRAS: Record<Extra, { labels: string[]; at: ExtraAt[] }> = {
  branch: { labels: ['Init. Br', 'Branch Code', 'Br Code', 'Sol Id'], at: ['afterBalance', 'beforeMoney'] },
  tranType: { labels: ['Tran Type', 'Txn Type', 'Mode'], at: ['afterDate', 'beforeMoney'] },
  tranId: { labels: ['Tran Id', 'Transaction ID', 'Txn Id'], at: ['first', 'afterDate'] },
  ccy: { labels: ['CCY', 'Currency'], at: ['beforeMoney'] },
  channel: { labels: ['Channel', 'Category'], at: ['afterBalance', 'beforeMoney'] },
};

/** An extra column's cell in the row of transaction `i`. */
export function extraCell(extra: Extra, i: number): string {
  switch (extra) {
    case 'branch':
      return String((i * 389 + 57) % 10000).padStart(4, '0');
    case 'tranType':
      return ['TFR', 'CLG', 'CSH', 'TFR', 'NEFT'][i % 5]!;
    case 'tranId':
      return `${'SMN'[i % 3]}${String(10000000 + ((i * 7919 + 4271) % 89999999))}`;
    case 'ccy':
      return 'INR';
    case 'channel':
      return ['NET BANKING', 'MOBILE', 'BRANCH', 'ATM'][i % 4]!;
  }
}
export type Wrap = 'below' | 'above' | 'centred';
export type DateFormat =
  | 'dd/mm/yyyy'
  | 'dd-mm-yy'
  | 'dd Mon yyyy'
  | 'dd-Mon-yyyy'
  | 'dd/mm/yy'
  | 'dd.mm.yyyy'
  | 'yyyy-mm-dd'
  | 'd/m/yyyy'
  | 'dd-MON-yy'
  | 'dd Mon yy';
export type FontName = 'Helvetica' | 'Times-Roman' | 'Courier';

export interface Recipe {
  /**
   * the statement's text set one space apart in one line per row, headings in one line (a statement's
   * extracted text redrawn, as bank text downloads print): drawn only by flatRecipe
   */
  flatText?: boolean;
  /** the bank's printed name and IFSC (a fictional bank for detection tests) */
  bankName: string;
  ifsc: string | null;
  font: FontName;
  size: number;
  paper: 'A4' | 'LETTER';
  landscape: boolean;
  columns: { kind: ColumnKind | 'other'; label: string; extra?: Extra }[];
  left: number;
  /** space between columns, points */
  gap: number;
  /** numeric headers: over the right edge of their figures, centred over the column, or at its left */
  numericHeader: 'right' | 'centre' | 'left';
  /** narration column width in points (at least the longest word) */
  wrapWidth: number;
  wrap: Wrap;
  /** line spacing inside a row and the extra space between rows, in font sizes */
  leading: number;
  rowPad: number;
  headerEveryPage: boolean;
  footer: 'none' | 'pageOf' | 'pageSlash' | 'disclaimer';
  rowsPerPage: number;
  grouping: 'indian' | 'western' | 'none';
  empty: '' | '-' | '0.00';
  /** 'Cr' marks on balances, and how */
  balanceMark: '' | ' Cr' | ' Cr.' | 'Cr' | ' (Cr)';
  amountStyle: AmountStyle;
  dateFormat: DateFormat;
  opening: 'row' | 'header' | 'none';
  closingRow: boolean;
  /** header names of two words or more printed on two lines ('Value' over 'Date') */
  stackedHeader: boolean;
  // what real statements showed beyond the first recipes (HDFC classic, Kotak, ICICI, Paytm, SBI):
  /** text headings centred over their column, figures set at the column's left (HDFC classic) */
  centredText: boolean;
  figuresLeft: boolean;
  /** the newest row first (net-banking prints, passbook apps) */
  newestFirst: boolean;
  /** the time printed under the date (Kotak, Paytm) */
  timeUnderDate: boolean;
  /** one amount column with a sign instead of a Dr/Cr mark ('-5,000.00', '+ 800.00') */
  signed: '' | '-' | '- ';
  /** amounts with one decimal when the paise allow ('1200.0', empty '0.0': ICICI) */
  oneDecimal: boolean;
  /** headings the reader has never seen */
  unknownHeadings: boolean;
  /** row dates without their year ('May 02'): the statement period gives it */
  noYear: boolean;
  // classes of real statements beyond the first ones (cash-credit accounts, other banks' exports):
  /**
   * balances below zero for long stretches (an overdrawn or cash-credit account; the case's truth is
   * shifted down, amounts unchanged), printed '1,234.00Dr', '1,234.00 Dr', '-1,234.00' or '(1,234.00)'
   */
  overdrawn: '' | 'Dr' | ' Dr' | '-' | '()';
  /** the time in the date cell ('01/04/2023 10:15:32', '01-04-2023 10:15 AM') */
  timeInDate: '' | 'hms' | 'hm';
  /** a date style beyond the first five, in place of dateFormat */
  moreDates: '' | 'dd.mm.yyyy' | 'yyyy-mm-dd' | 'd/m/yyyy' | 'dd-MON-yy' | 'dd Mon yy';
  /** the currency printed in every figure's cell ('INR 1,200.00', 'Rs.1,200.00') */
  currency: '' | 'INR ' | 'Rs.' | 'Rs. ';
  /** split debit/credit columns whose figures carry their mark ('500.00 Dr', '500.00Cr') */
  splitMarks: '' | ' ' | 'tight';
  /** 'Balance B/F' at the top of every page after the first, 'Carried Forward' with the page's totals at its foot */
  pageForward: boolean;
  /** a 'Total' line with the debit and credit totals after the last row */
  totalRow: boolean;
  /** the table's header printed again in the middle of a page */
  midHeader: boolean;
  /** narrations of five lines and more (the case's truth carries the longer narrations) */
  longNarration: boolean;
  /** rows of no amount ('0.00' charge lines; the case's truth carries them) */
  zeroRows: boolean;
  /** a row's narration continued at the top of the next page */
  spillRows: boolean;
  /** the Dr/Cr column away from its amount (after the date, or after the balance) */
  markFar: '' | 'afterDate' | 'afterBalance';
  /** one amount column with the mark before the figure ('Dr 500.00') */
  markBefore: boolean;
  /** tiny font and columns under 4 pt apart */
  tight: boolean;
  /** columns with no role for the reader, each with its heading and place */
  extraColumns: { extra: Extra; label: string; at: ExtraAt }[];
  /** the balance's side in a DR/CR column of its own after it, beside split amounts (Federal) */
  balanceSide: boolean;
  /** the value date printed under the posting date, in the date's column */
  valueDateUnder: boolean;
  /** the minus after the figure ('1,234.00-') for overdrawn balances and signed debits */
  trailingMinus: boolean;
  /** a heading over the withdrawal and deposit columns together, on a line above theirs */
  groupHeader: '' | 'Amount (INR)' | 'Transaction Amount' | 'Amount in Rs.';
  /** headings a word a line, three lines deep, the figures' with their currency ('Balance' / '(INR)') */
  deepHeader: boolean;
  /** a net-banking page printed from a browser: its date and time and title above, its address and 'n/m' below */
  browserPrint: boolean;
  /** no statement period printed; the date the statement was generated instead ('Generated on 05 Jan 2024') */
  noPeriod: boolean;
  /** signs and currency as other fonts draw them: an en dash for minus, a backtick for the rupee */
  oddSigns: boolean;
  /** month names written out ('01 April 2023', 'April 01, 2023') */
  longMonths: boolean;
  /**
   * the opening and closing rows printed as rows of the table, with the period's first and last date
   * and no amounts ('01/04/2024 | B/F | | | 12,345.00': ICICI, SBI 'Balance as on')
   */
  datedEnds: boolean;
  /** an empty amount cell printed as a word or a double dash ('NIL', '--'), in place of `empty` */
  emptyWord: '' | 'NIL' | '--' | 'Nil';
  /** whole-rupee amounts printed without paise ('2,700', beside balances '12,345.67'); the data holds some */
  wholeRupees: boolean;
  /** a wrapped row's figures on its second line, the date on its first (BOB, co-operative banks) */
  amountBelow: boolean;
  /** one amount column with the side glued to the figure: '6,659.00(Dr)' (Kotak current accounts) */
  gluedMark: boolean;
  /** the opening balance printed as the first row with its figure in the deposit column too */
  openingDeposit: boolean;
  /** a summary line of the totals above the table ('TOTAL' with the withdrawals and deposits) */
  totalAbove: boolean;
  /** the running balance printed only on each day's last row (a branch ledger report) */
  dayBalance: boolean;
  /** references wrapped onto a second line, beside narrations of up to five lines */
  wrappedRef: boolean;
}

/** What real statements do that the recipes draw, in the order the reports list them. */
export const CLASSES = [
  'centredText',
  'figuresLeft',
  'newestFirst',
  'timeUnderDate',
  'signed',
  'oneDecimal',
  'unknownHeadings',
  'noYear',
  'stackedHeader',
  'overdrawn',
  'timeInDate',
  'moreDates',
  'currency',
  'splitMarks',
  'pageForward',
  'totalRow',
  'midHeader',
  'longNarration',
  'zeroRows',
  'spillRows',
  'markFar',
  'markBefore',
  'tight',
  'extraColumns',
  'balanceSide',
  'valueDateUnder',
  'trailingMinus',
  'groupHeader',
  'deepHeader',
  'browserPrint',
  'noPeriod',
  'oddSigns',
  'longMonths',
  'datedEnds',
  'emptyWord',
  'wholeRupees',
  'amountBelow',
  'gluedMark',
  'openingDeposit',
  'totalAbove',
  'dayBalance',
  'wrappedRef',
] as const satisfies readonly (keyof Recipe)[];

/** A recipe's style of one class ('' or false when it does not draw it). */
export function classOf(r: Recipe, k: (typeof CLASSES)[number]): string | boolean {
  if (k === 'extraColumns') return r.extraColumns[0]?.extra ?? '';
  return r[k];
}

const MADE_UP = ['Kolumn', 'Frob', 'Quux Val', 'Plugh', 'Xyzzy Amt', 'Zorb', 'Wibble', 'Snark No', 'Blort'];

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[randomInt(r, 0, xs.length - 1)]!;
const between = (r: Rng, lo: number, hi: number) => lo + (hi - lo) * r();

/** How a bank family prints its table by default; the recipe varies everything else. */
export interface Family {
  amountStyle: AmountStyle;
  wrap: Wrap;
  narrationLast?: boolean;
}

export function familyOf(bank: string): Family {
  if (bank === 'KOTAK') return { amountStyle: 'markColumn', wrap: 'below' };
  if (bank === 'UNION') return { amountStyle: 'suffix', wrap: 'below' };
  if (bank === 'PNB') return { amountStyle: 'split', wrap: 'below', narrationLast: true };
  if (bank === 'AXIS') return { amountStyle: 'split', wrap: 'above' };
  return { amountStyle: 'split', wrap: 'below' };
}

/** A seeded recipe for a bank family. */
export function makeRecipe(seed: number, bankName: string, ifsc: string | null, family: Family): Recipe {
  const r = seededRng(seed);
  const amountStyle = r() < 0.75 ? family.amountStyle : pick(r, ['split', 'markColumn', 'suffix'] as const);
  const label = (k: ColumnKind) => pick(r, LABELS[k]);
  const cols: ColumnKind[] = [];
  if (r() < 0.3) cols.push('serial');
  cols.push('date');
  const valueDate = r() < 0.5;
  const valueFirst = valueDate && r() < 0.2;
  if (valueFirst) cols.splice(cols.indexOf('date'), 0, 'valueDate');
  else if (valueDate && r() < 0.5) cols.push('valueDate');
  const text: ColumnKind[] = r() < 0.6 ? ['description'] : [];
  const hasRef = r() < 0.7;
  if (hasRef) {
    if (!text.length || r() < 0.5) text.push('reference');
    else text.unshift('reference');
  }
  if (!text.includes('description')) text.push('description');
  const money: ColumnKind[] =
    amountStyle === 'split'
      ? r() < 0.85
        ? ['debit', 'credit']
        : ['credit', 'debit']
      : amountStyle === 'markColumn'
        ? ['amount', 'mark']
        : ['amount'];
  const narrationLast = family.narrationLast ? r() < 0.8 : r() < 0.08;
  if (narrationLast) {
    // PNB: references and figures first, the narration as the last column
    cols.push(...text.filter((k) => k !== 'description'));
    if (valueDate && !cols.includes('valueDate')) cols.push('valueDate');
    cols.push(...money, 'balance', 'description');
  } else {
    cols.push(...text);
    if (valueDate && !cols.includes('valueDate')) cols.push('valueDate');
    cols.push(...money, 'balance');
  }
  // avoid two columns whose printed names read as one table role
  const columns = cols.map((kind) => ({ kind, label: label(kind) }));
  const size = Math.round(between(r, 7, 10) * 2) / 2;
  const wrap: Wrap = r() < 0.7 ? family.wrap : pick(r, ['below', 'above', 'centred'] as const);
  const recipe: Recipe = {
    bankName,
    ifsc,
    font: pick(r, ['Helvetica', 'Times-Roman', 'Courier'] as const),
    size,
    paper: pick(r, ['A4', 'LETTER'] as const),
    landscape: r() < 0.25,
    columns,
    left: between(r, 18, 45),
    gap: between(r, 6, 22),
    numericHeader: pick(r, ['right', 'right', 'centre', 'left'] as const),
    wrapWidth: between(r, 80, 240) * (size / 8),
    wrap,
    leading: between(r, 1.1, 1.35),
    // a layout whose wrapping is not the bank's usual one still spaces its rows apart
    rowPad: wrap === family.wrap && r() < 0.3 ? 0 : between(r, 0.3, 0.9),
    headerEveryPage: r() < 0.75,
    footer: pick(r, ['none', 'pageOf', 'pageSlash', 'disclaimer'] as const),
    rowsPerPage: randomInt(r, 8, 40),
    grouping: pick(r, ['indian', 'indian', 'western', 'none'] as const),
    empty: pick(r, ['', '', '-', '0.00'] as const),
    balanceMark: pick(r, ['', '', ' Cr', ' Cr.', 'Cr', ' (Cr)'] as const),
    amountStyle,
    dateFormat: pick(r, ['dd/mm/yyyy', 'dd-mm-yy', 'dd Mon yyyy', 'dd-Mon-yyyy', 'dd/mm/yy'] as const),
    opening: pick(r, ['row', 'header', 'none'] as const),
    closingRow: r() < 0.3,
    // drawn last so that the recipes of earlier seeds stay as they were
    stackedHeader: r() < 0.3,
    centredText: r() < 0.25,
    figuresLeft: r() < 0.15,
    newestFirst: r() < 0.2,
    timeUnderDate: r() < 0.2,
    signed: amountStyle === 'suffix' && r() < 0.5 ? pick(r, ['-', '- '] as const) : '',
    oneDecimal: r() < 0.15,
    unknownHeadings: r() < 0.1,
    noYear: r() < 0.1,
    overdrawn: r() < 0.2 ? pick(r, ['Dr', ' Dr', '-', '()'] as const) : '',
    timeInDate: r() < 0.15 ? pick(r, ['hms', 'hm'] as const) : '',
    moreDates:
      r() < 0.25 ? pick(r, ['dd.mm.yyyy', 'yyyy-mm-dd', 'd/m/yyyy', 'dd-MON-yy', 'dd Mon yy'] as const) : '',
    currency: r() < 0.15 ? pick(r, ['INR ', 'Rs.', 'Rs. '] as const) : '',
    splitMarks: amountStyle === 'split' && r() < 0.2 ? pick(r, [' ', 'tight'] as const) : '',
    pageForward: r() < 0.2,
    totalRow: r() < 0.2,
    midHeader: r() < 0.1,
    longNarration: r() < 0.15,
    zeroRows: r() < 0.15,
    spillRows: r() < 0.2,
    markFar: amountStyle === 'markColumn' && r() < 0.4 ? pick(r, ['afterDate', 'afterBalance'] as const) : '',
    markBefore: amountStyle === 'suffix' && r() < 0.4,
    tight: r() < 0.12,
    extraColumns: [],
    balanceSide: false,
    valueDateUnder: false,
    trailingMinus: false,
    groupHeader: '',
    deepHeader: false,
    browserPrint: false,
    noPeriod: false,
    oddSigns: false,
    longMonths: false,
    datedEnds: false,
    emptyWord: '',
    wholeRupees: false,
    amountBelow: false,
    gluedMark: false,
    openingDeposit: false,
    totalAbove: false,
    dayBalance: false,
    wrappedRef: false,
  };
  if (r() < 0.25) {
    const kinds = Object.keys(EXTRAS) as Extra[];
    const first = pick(r, kinds);
    const chosen =
      r() < 0.35
        ? [
            first,
            pick(
              r,
              kinds.filter((k) => k !== first),
            ),
          ]
        : [first];
    recipe.extraColumns = chosen.map((extra) => ({
      extra,
      label: pick(r, EXTRAS[extra].labels),
      at: pick(r, EXTRAS[extra].at),
    }));
  }
  recipe.balanceSide = amountStyle === 'split' && r() < 0.2;
  // a statement prints the value date under the date or the time there, not both
  recipe.valueDateUnder = !recipe.timeUnderDate && r() < 0.15;
  recipe.trailingMinus = (recipe.overdrawn === '-' || recipe.signed !== '') && r() < 0.4;
  recipe.groupHeader =
    amountStyle === 'split' && r() < 0.2
      ? pick(r, ['Amount (INR)', 'Transaction Amount', 'Amount in Rs.'] as const)
      : '';
  recipe.deepHeader = r() < 0.12;
  recipe.browserPrint = r() < 0.15;
  recipe.noPeriod = r() < 0.15;
  recipe.oddSigns = (recipe.signed !== '' || recipe.overdrawn === '-' || recipe.currency !== '') && r() < 0.5;
  recipe.longMonths = r() < 0.12;
  recipe.datedEnds = (recipe.opening === 'row' || recipe.closingRow) && r() < 0.3;
  recipe.emptyWord = amountStyle === 'split' && r() < 0.2 ? pick(r, ['NIL', '--', 'Nil'] as const) : '';
  recipe.wholeRupees = !recipe.oneDecimal && r() < 0.15;
  recipe.amountBelow =
    recipe.wrap === 'below' && !recipe.timeUnderDate && !recipe.valueDateUnder && r() < 0.15;
  recipe.gluedMark = amountStyle === 'suffix' && !recipe.signed && !recipe.markBefore && r() < 0.5;
  recipe.openingDeposit =
    amountStyle === 'split' && recipe.opening === 'row' && !recipe.newestFirst && r() < 0.4;
  recipe.totalAbove = amountStyle === 'split' && r() < 0.15;
  recipe.dayBalance = !recipe.newestFirst && !recipe.balanceSide && r() < 0.12;
  recipe.wrappedRef = hasRef && r() < 0.2;
  // a statement prints the time in its date cell or under it, not both
  if (recipe.timeUnderDate) recipe.timeInDate = '';
  return recipe;
}

/**
 * A recipe as text set one space apart: what such a line cannot keep apart goes (a reference or
 * other column, a mark away from its figure, a sign a space before it, a time under the date, dates
 * without a year), the opening balance is printed, the rest stays as drawn.
 */
export function flatRecipe(recipe: Recipe): Recipe {
  return {
    ...recipe,
    flatText: true,
    // (every such statement seen prints its opening balance: without it and without a printed side,
    // a first row's side is anyone's guess; a newest-first table prints no opening row, so there it
    // is printed in the header)
    opening:
      recipe.opening === 'none' || (recipe.opening === 'row' && recipe.newestFirst)
        ? 'header'
        : recipe.opening,
    columns: recipe.columns.filter((c) => c.kind !== 'reference'),
    extraColumns: [],
    stackedHeader: false,
    deepHeader: false,
    groupHeader: '',
    timeUnderDate: false,
    valueDateUnder: false,
    noYear: false,
    markFar: '',
    markBefore: false,
    splitMarks: '',
    signed: recipe.signed === '- ' ? '-' : recipe.signed,
    amountBelow: false,
    wrappedRef: false,
    dayBalance: false,
  };
}

/** A truth with the shapes a recipe asks of the data itself: overdrawn, long narrations, zero rows. */
export function truthFor(truth: Truth, recipe: Recipe, seed: number): Truth {
  const r = seededRng(seed ^ 0x5eed);
  let t: Truth = { ...truth, transactions: truth.transactions.map((x) => ({ ...x })) };
  if (recipe.zeroRows) {
    const out: TruthTx[] = [];
    t.transactions.forEach((x, i) => {
      out.push(x);
      if (i % 5 === 2)
        out.push({
          date: x.date,
          valueDate: x.valueDate,
          description: pick(r, [
            'SMS ALERT CHARGES',
            'GST ON CHARGES',
            'INT.PD:0.00 ADJ',
            'DEBIT CARD AMC WAIVED',
          ]),
          reference: null,
          withdrawal: 0,
          deposit: 0,
          balance: x.balance,
        });
    });
    t.transactions = out;
  }
  if (recipe.longNarration) {
    const extra =
      'BEING AMOUNT TRANSFERRED TOWARDS SETTLEMENT OF INVOICE NO 2023/0417 AGAINST PURCHASE ORDER DATED EARLIER AS PER AGREEMENT WITH VENDOR REF ADVICE RECEIVED FROM BRANCH OFFICE MUMBAI MAIN CREDITED TO BENEFICIARY ACCOUNT';
    t.transactions.forEach((x, i) => {
      if (i % 4 === 1) x.description = `${x.description} ${extra}`;
    });
  }
  if (recipe.wholeRupees) {
    // every third amount in whole rupees, the balances carried through again
    let bal = t.openingBalance;
    t.transactions.forEach((x, i) => {
      if (i % 3 === 0) {
        x.withdrawal = x.withdrawal >= 1 ? Math.round(x.withdrawal) : x.withdrawal;
        x.deposit = x.deposit >= 1 ? Math.round(x.deposit) : x.deposit;
      }
      bal = Math.round((bal + x.deposit - x.withdrawal) * 100) / 100;
      x.balance = bal;
    });
    t.closingBalance = bal;
  }
  if (recipe.wrappedRef) {
    const more = 'PAYMENT AGAINST BILL NO 4471 DATED EARLIER FOR SERVICES RENDERED AT SITE OFFICE AS AGREED';
    t.transactions.forEach((x, i) => {
      if (i % 3 === 1) x.description = `${x.description} ${more}`;
    });
  }
  if (recipe.overdrawn) {
    // whole rupees so that the shifted figures stay the truth's kind of figures
    const top = Math.max(t.openingBalance, ...t.transactions.map((x) => x.balance));
    const k = Math.round(top * between(r, 0.6, 1.5)) + 1000;
    const down = (v: number) => Math.round((v - k) * 100) / 100;
    t = {
      ...t,
      openingBalance: down(t.openingBalance),
      closingBalance: down(t.closingBalance),
      transactions: t.transactions.map((x) => ({ ...x, balance: down(x.balance) })),
    };
  }
  return t;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDate(iso: string, f: DateFormat): string {
  const [y, m, d] = iso.split('-');
  const mon = MONTHS[Number(m) - 1]!;
  switch (f) {
    case 'dd.mm.yyyy':
      return `${d}.${m}.${y}`;
    case 'yyyy-mm-dd':
      return iso;
    case 'd/m/yyyy':
      return `${Number(d)}/${Number(m)}/${y}`;
    case 'dd-MON-yy':
      return `${d}-${mon.toUpperCase()}-${y!.slice(2)}`;
    case 'dd Mon yy':
      return `${d} ${mon} ${y!.slice(2)}`;
    case 'dd/mm/yyyy':
      return `${d}/${m}/${y}`;
    case 'dd/mm/yy':
      return `${d}/${m}/${y!.slice(2)}`;
    case 'dd-mm-yy':
      return `${d}-${m}-${y!.slice(2)}`;
    case 'dd Mon yyyy':
      return `${d} ${mon} ${y}`;
    case 'dd-Mon-yyyy':
      return `${d}-${mon}-${y}`;
  }
}

/** 'May 02' */
export function monthDay(iso: string): string {
  const [, m, d] = iso.split('-');
  return `${MONTHS[Number(m) - 1]} ${d}`;
}

export function formatAmount(rupees: number, grouping: Recipe['grouping']): string {
  const [int, dec] = Math.abs(rupees).toFixed(2).split('.') as [string, string];
  let whole = int;
  if (grouping === 'western') whole = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (grouping === 'indian') {
    const last3 = int.slice(-3);
    const rest = int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
    whole = rest ? `${rest},${last3}` : last3;
  }
  return `${rupees < 0 ? '-' : ''}${whole}.${dec}`;
}

const boldOf = (f: FontName) => (f === 'Times-Roman' ? 'Times-Bold' : `${f}-Bold`);

interface DrawRow {
  /** the narration, already wrapped */
  lines: string[];
  /** the transaction drawn (page totals and brought-forward balances follow it) */
  tx?: TruthTx;
  /** its place in the truth (what extra columns print) */
  index?: number;
  /** the table's header drawn again here */
  header?: boolean;
  /** a time printed under the date */
  time?: string;
  cells: Partial<Record<ColumnKind, string>>;
}

/** Draws the statement; returns the PDF bytes. */
export async function renderStatement(truth: Truth, recipe: Recipe): Promise<Uint8Array> {
  const rc = { ...recipe };
  if (rc.moreDates) rc.dateFormat = rc.moreDates;
  if (rc.longMonths) rc.dateFormat = rc.dateFormat.includes('yyyy') ? 'dd Mon yyyy' : 'dd Mon yy';
  const LONG = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const dateText = (iso: string) => {
    const s = formatDate(iso, rc.dateFormat);
    if (!rc.longMonths) return s;
    const long = s.replace(/[A-Za-z]{3}/, (m) => LONG.find((n) => n.startsWith(m))!);
    // 'April 01, 2023' in every other statement of the class
    return rc.rowsPerPage % 2 ? long : long.replace(/^(\d+) (\w+) (\d{4})$/, '$2 $1, $3');
  };
  if (rc.tight) {
    rc.size = 6;
    rc.gap = 3;
  }
  if (rc.markFar && rc.columns.some((c) => c.kind === 'mark')) {
    const mark = rc.columns.find((c) => c.kind === 'mark')!;
    const rest = rc.columns.filter((c) => c !== mark);
    const at = rc.markFar === 'afterDate' ? rest.findIndex((c) => c.kind === 'date') + 1 : rest.length;
    rc.columns = [...rest.slice(0, at), mark, ...rest.slice(at)];
  }
  if (rc.valueDateUnder) rc.columns = rc.columns.filter((c) => c.kind !== 'valueDate');
  if (rc.balanceSide) {
    const at = rc.columns.findIndex((c) => c.kind === 'balance') + 1;
    const label = LABELS.mark[rc.rowsPerPage % LABELS.mark.length]!;
    rc.columns = [...rc.columns.slice(0, at), { kind: 'mark', label }, ...rc.columns.slice(at)];
  }
  for (const { extra, label, at } of rc.extraColumns) {
    const cols = rc.columns;
    const money = cols.findIndex((c) => ['debit', 'credit', 'amount'].includes(c.kind));
    const i =
      at === 'first'
        ? 0
        : at === 'afterDate'
          ? cols.findIndex((c) => c.kind === 'date') + 1
          : at === 'beforeMoney'
            ? money
            : cols.findIndex((c) => c.kind === 'balance') + 1;
    rc.columns = [...cols.slice(0, i), { kind: 'other', label, extra }, ...cols.slice(i)];
  }
  const doc = new PDFDocument({ margin: 0, autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const short = rc.paper === 'A4' ? 595.28 : 612;
  const long = rc.paper === 'A4' ? 841.89 : 792;
  let pageW = rc.landscape ? long : short;
  let pageH = rc.landscape ? short : long;
  const amt = (v: number) => formatAmount(v, rc.grouping);
  // figures of a withdrawal, deposit or amount cell
  const currency = rc.currency;
  const fig = (v: number) => {
    const s = rc.wholeRupees && Number.isInteger(v) && v !== 0 ? amt(v).slice(0, -3) : amt(v);
    return currency + (rc.oneDecimal && s.endsWith('0') ? s.slice(0, -1) : s);
  };
  const empty = rc.emptyWord || (rc.oneDecimal && rc.empty === '0.00' ? '0.0' : rc.empty);
  const bal = (v: number) => {
    if (rc.balanceSide) return currency + amt(Math.abs(v));
    if (v < 0 && rc.overdrawn) {
      const a = currency + amt(-v);
      if (rc.overdrawn === '-') return rc.trailingMinus ? `${a}-` : `-${a}`;
      if (rc.overdrawn === '()') return `(${a})`;
      return a + rc.overdrawn;
    }
    return v < 0 && rc.balanceMark
      ? currency + amt(-v) + rc.balanceMark.replace('Cr', 'Dr')
      : currency + amt(v) + (v >= 0 ? rc.balanceMark : '');
  };
  const markGap = rc.splitMarks === 'tight' ? '' : ' ';
  // the balance's side, where a column of its own prints it
  const side = (v: number): { mark?: string } => (rc.balanceSide ? { mark: v < 0 ? 'DR' : 'CR' } : {});

  const clock = (i: number) =>
    rc.timeInDate === 'hms'
      ? ` ${String((i * 5) % 24).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}:${String((i * 29) % 60).padStart(2, '0')}`
      : ` ${String(1 + ((i * 5) % 12)).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')} ${i % 2 ? 'PM' : 'AM'}`;
  const rowCells = (t: TruthTx, i: number): DrawRow['cells'] => {
    // a row of no amount prints its 0.00 where a withdrawal goes
    const dr = t.withdrawal > 0 || !t.deposit;
    const cells: DrawRow['cells'] = {
      serial: String(i + 1),
      date: (rc.noYear ? monthDay(t.date) : dateText(t.date)) + (rc.timeInDate ? clock(i) : ''),
      valueDate: rc.noYear ? monthDay(t.valueDate ?? t.date) : dateText(t.valueDate ?? t.date),
      reference: t.reference ?? '',
      // a day's balance on its last row only, where the report prints it so
      ...(rc.dayBalance && truth.transactions[i + 1]?.date === t.date
        ? {}
        : { balance: bal(t.balance), ...side(t.balance) }),
    };
    if (rc.amountStyle === 'split') {
      const marked = (v: number, m: string) => (rc.splitMarks ? fig(v) + markGap + m : fig(v));
      cells.debit = dr ? marked(t.withdrawal, 'Dr') : empty;
      cells.credit = t.deposit ? marked(t.deposit, 'Cr') : empty;
    } else if (rc.amountStyle === 'markColumn') {
      cells.amount = fig(t.withdrawal || t.deposit);
      cells.mark = dr ? 'DR' : 'CR';
    } else if (rc.signed) {
      const space = rc.signed === '- ' ? ' ' : '';
      const f = fig(t.withdrawal || t.deposit);
      // a minus after the figure marks the debits, the credits go unsigned
      cells.amount = rc.trailingMinus ? (dr ? `${f}-` : f) : `${dr ? '-' : '+'}${space}${f}`;
    } else if (rc.markBefore) {
      cells.amount = `${dr ? 'Dr' : 'Cr'} ${fig(t.withdrawal || t.deposit)}`;
    } else {
      const mark = rc.gluedMark || rc.balanceMark.includes('(') ? ['(Dr)', '(Cr)'] : ['Dr', 'Cr'];
      cells.amount = `${fig(t.withdrawal || t.deposit)}${rc.gluedMark ? '' : ' '}${dr ? mark[0] : mark[1]}`;
    }
    if (rc.oddSigns)
      for (const k of ['debit', 'credit', 'amount', 'balance'] as const) {
        const v = cells[k];
        if (v) cells[k] = v.replace(/-/g, '\u2013').replace(/Rs\. ?|INR /, '`');
      }
    return cells;
  };

  // fit the table to the page: a smaller size, then a narrower narration, until it fits
  const width = (s: string, bold = false) =>
    doc
      .font(bold ? boldOf(rc.font) : rc.font)
      .fontSize(rc.size)
      .widthOfString(s);
  if (rc.unknownHeadings)
    rc.columns = rc.columns.map((c, i) => ({ ...c, label: MADE_UP[i % MADE_UP.length]! }));
  else if (rc.deepHeader)
    rc.columns = rc.columns.map((c) => ({
      ...c,
      label:
        ['debit', 'credit', 'amount', 'balance'].includes(c.kind) && !c.label.includes('(')
          ? `${c.label} (INR)`
          : c.label,
    }));
  // the lines of a heading: one, two halves, or a word a line (the last line taking the rest)
  const headingLines = (label: string): string[] => {
    const words = label.split(' ');
    if (rc.deepHeader) return [...words.slice(0, 2), ...(words.length > 2 ? [words.slice(2).join(' ')] : [])];
    if (!rc.stackedHeader || words.length < 2) return [label];
    const half = Math.ceil(words.length / 2);
    return [words.slice(0, half).join(' '), words.slice(half).join(' ')];
  };
  const allCells = truth.transactions.map(rowCells);
  const timeOf = (i: number) =>
    `${String(1 + ((i * 7) % 12)).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')} ${i % 2 ? 'PM' : 'AM'}`;
  const words = truth.transactions.flatMap((t) => t.description.split(' '));
  let widths: number[] = [];
  const measure = () => {
    const longestWord = Math.max(...words.map((w) => width(w)));
    rc.wrapWidth = Math.max(rc.wrapWidth, longestWord + 1);
    widths = rc.columns.map((c) => {
      const head = Math.max(...headingLines(c.label).map((l) => width(l, true)));
      if (c.kind === 'description') return Math.max(head, rc.wrapWidth);
      const extra = [...(rc.opening === 'row' ? [bal(truth.openingBalance)] : [])];
      // totals lines: the statement's totals are the widest figures of their columns
      if ((rc.totalRow || rc.pageForward) && (c.kind === 'debit' || c.kind === 'credit'))
        extra.push(
          fig(truth.transactions.reduce((n, t) => n + (c.kind === 'debit' ? t.withdrawal : t.deposit), 0)),
        );
      const kind = c.kind;
      if (kind === 'other')
        return Math.max(head, ...truth.transactions.map((_, i) => width(extraCell(c.extra!, i))));
      return Math.max(head, ...allCells.map((x) => width(x[kind] ?? '')), ...extra.map((s) => width(s)));
    });
    return rc.left + widths.reduce((a, b) => a + b, 0) + rc.gap * (widths.length - 1);
  };
  while (measure() > pageW - 15) {
    const longest = Math.max(...words.map((w) => width(w)));
    if (rc.wrapWidth > Math.max(120, longest + 10)) rc.wrapWidth *= 0.9;
    else if (rc.gap > 6) rc.gap -= 2;
    else if (rc.size > 6.5) rc.size -= 0.5;
    else if (!rc.landscape) {
      // a statement this wide is printed across the page
      rc.landscape = true;
      [pageW, pageH] = [long, short];
    } else if (rc.size > 5)
      // (still too wide across the page: smaller type, as a branch's ledger prints at 6 pt, never a
      // table running off the page's edge, where the figures were cut: 'Rs. 1,91,')
      rc.size -= 0.5;
    else break;
  }
  const xs: number[] = [];
  let x = rc.left;
  for (const w of widths) {
    xs.push(x);
    x += w + rc.gap;
  }
  const colOf = (k: ColumnKind) => rc.columns.findIndex((c) => c.kind === k);

  const wrapText = (s: string): string[] => {
    const out: string[] = [];
    let cur = '';
    for (const w of s.split(' ')) {
      const next = cur ? `${cur} ${w}` : w;
      if (cur && width(next) > rc.wrapWidth) {
        out.push(cur);
        cur = w;
      } else cur = next;
    }
    if (cur) out.push(cur);
    return out;
  };
  const rows: DrawRow[] = truth.transactions.map((t, i) => ({
    tx: t,
    index: i,
    lines: wrapText(t.description),
    cells: allCells[i]!,
    time: rc.timeUnderDate
      ? timeOf(i)
      : rc.valueDateUnder
        ? rc.noYear
          ? monthDay(t.valueDate ?? t.date)
          : dateText(t.valueDate ?? t.date)
        : undefined,
  }));
  if (rc.newestFirst) rows.reverse();
  // the period's first or last date in the date columns of an opening or closing row
  const endDates = (iso: string): DrawRow['cells'] => {
    if (!rc.datedEnds) return {};
    const d = rc.noYear ? monthDay(iso) : dateText(iso);
    return { date: d, valueDate: d };
  };
  // a newest-first statement prints no opening or closing row inside its table
  if (rc.opening === 'row' && !rc.newestFirst)
    rows.unshift({
      lines: [
        rc.datedEnds
          ? (['B/F', 'Opening Balance', 'Balance Brought Forward'] as const)[rc.rowsPerPage % 3]!
          : 'Opening Balance',
      ],
      cells: {
        ...endDates(truth.period.from),
        ...(rc.openingDeposit && truth.openingBalance > 0 ? { credit: fig(truth.openingBalance) } : {}),
        balance: bal(truth.openingBalance),
        ...side(truth.openingBalance),
      },
    });
  const split = rc.amountStyle === 'split';
  if (rc.totalRow && split) {
    const sum = (f: (t: TruthTx) => number) => truth.transactions.reduce((n, t) => n + f(t), 0);
    rows.push({
      lines: ['Total'],
      cells: { debit: fig(sum((t) => t.withdrawal)), credit: fig(sum((t) => t.deposit)) },
    });
  }
  if (rc.closingRow && !rc.newestFirst)
    rows.push({
      lines: ['Closing Balance'],
      cells: {
        ...endDates(truth.period.to),
        balance: bal(truth.closingBalance),
        ...side(truth.closingBalance),
      },
    });
  const anchorAt = (n: number) => (rc.wrap === 'below' ? 0 : rc.wrap === 'above' ? n - 1 : Math.floor(n / 2));
  const rowLines = (row: DrawRow) => {
    const n = Math.max(1, row.lines.length);
    const twoLines = row.time || (rc.wrappedRef && (row.cells.reference ?? '').length > 6);
    return twoLines ? Math.max(n, anchorAt(n) + 2) : n;
  };

  const lineH = rc.size * rc.leading;
  const rowPad = rc.size * rc.rowPad;
  const bottom = pageH - 60;
  const numeric = new Set<string>(['debit', 'credit', 'amount', 'balance']);

  const drawCell = (col: number, text: string, y: number, bold = false) => {
    const kind = rc.columns[col]!.kind;
    const right = numeric.has(kind);
    doc.font(bold ? boldOf(rc.font) : rc.font).fontSize(rc.size);
    const w = doc.widthOfString(text);
    let cx = xs[col]!;
    if (bold && right) {
      if (rc.numericHeader === 'right') cx = xs[col]! + widths[col]! - w;
      if (rc.numericHeader === 'centre') cx = xs[col]! + (widths[col]! - w) / 2;
    } else if (bold && rc.centredText) cx = xs[col]! + (widths[col]! - w) / 2;
    else if (right && !rc.figuresLeft) cx = xs[col]! + widths[col]! - w;
    doc.text(text, cx, y, { lineBreak: false });
  };

  const drawHeaderBlock = (first: boolean, page: number) => {
    doc
      .font(boldOf(rc.font))
      .fontSize(rc.size + 5)
      .text(rc.bankName, rc.left, 24, { lineBreak: false });
    doc.font(rc.font).fontSize(rc.size);
    let y = 24 + rc.size * 3;
    if (!first) {
      doc.text(`Account No : ${truth.account.number}    Page ${page}`, rc.left, y, { lineBreak: false });
      return y + lineH * 2;
    }
    const right = pageW / 2;
    const leftLines = [`Name : ${truth.account.holder}`, '12, STATION ROAD', 'PUNE - 411001'];
    const rightLines = [
      `Account No : ${truth.account.number}`,
      ...(rc.ifsc ? [`IFSC Code : ${rc.ifsc}`] : []),
      'Currency : INR',
      ...(rc.opening === 'header'
        ? [
            `Opening Balance : ${bal(truth.openingBalance)}${rc.balanceSide ? ` ${side(truth.openingBalance).mark}` : ''}`,
          ]
        : []),
    ];
    for (let i = 0; i < Math.max(leftLines.length, rightLines.length); i++) {
      if (leftLines[i]) doc.text(leftLines[i]!, rc.left, y, { lineBreak: false });
      if (rightLines[i]) doc.text(rightLines[i]!, right, y, { lineBreak: false });
      y += lineH;
    }
    y += lineH;
    const from = dateText(truth.period.from);
    const to = dateText(truth.period.to);
    doc.text(
      rc.noPeriod ? `Statement generated on ${to}` : `Statement of Account for the period ${from} to ${to}`,
      rc.left,
      y,
      { lineBreak: false },
    );
    return y + lineH * 2;
  };
  // a summary of the accounts with its TOTAL line, above the first page's table (BOB)
  const summaryHeight = lineH * 4.5;
  const drawSummary = (top: number) => {
    const a = colOf('debit');
    const b = colOf('credit');
    const c = truth.closingBalance;
    doc
      .font(rc.font)
      .fontSize(rc.size)
      .text('A summary of your accounts:', rc.left, top, { lineBreak: false });
    const lines: [string, string, string][] = [
      ['Account Type', 'Assets', 'Liabilities'],
      ['SAVINGS ACCOUNT', c >= 0 ? amt(c) : '0.00', c < 0 ? amt(-c) : '0.00'],
      ['TOTAL (INR)', c >= 0 ? amt(c) : '0.00', c < 0 ? amt(-c) : '0.00'],
    ];
    lines.forEach(([label, x, y], k) => {
      const ly = top + (k + 1) * lineH;
      doc.font(rc.font).fontSize(rc.size).text(label, rc.left, ly, { lineBreak: false });
      drawCell(b, x, ly, k === 0);
      drawCell(a, y, ly, k === 0);
    });
    return top + summaryHeight;
  };
  const groupLines = rc.groupHeader && rc.amountStyle === 'split' ? 1 : 0;
  const headerHeight = lineH * ((rc.deepHeader ? 3.5 : rc.stackedHeader ? 2.5 : 1.5) + groupLines);
  const drawTableHeader = (top: number) => {
    let y = top;
    if (groupLines) {
      // centred over the two amount columns, on its own line
      const a = colOf('debit');
      const b = colOf('credit');
      const from = xs[Math.min(a, b)]!;
      const to = xs[Math.max(a, b)]! + widths[Math.max(a, b)]!;
      doc.font(boldOf(rc.font)).fontSize(rc.size);
      const w = doc.widthOfString(rc.groupHeader);
      doc.text(rc.groupHeader, (from + to - w) / 2, y, { lineBreak: false });
      y += lineH;
    }
    rc.columns.forEach((c, i) =>
      headingLines(c.label).forEach((l, k) => drawCell(i, l, y + k * lineH, true)),
    );
    return top + headerHeight;
  };

  // lay rows out on pages first: footers say 'Page N of M'
  const pages: { y: number; row: DrawRow }[][] = [];
  let y = 0;
  let cur: { y: number; row: DrawRow }[] = [];
  const startPage = (first: boolean) => {
    cur = [];
    pages.push(cur);
    const top =
      (first ? 24 + rc.size * 3 + lineH * 6 + rc.size * 2 : 24 + rc.size * 3 + lineH * 2) +
      (first && rc.totalAbove ? summaryHeight : 0);
    y = first || rc.headerEveryPage ? top + headerHeight : top;
  };
  const forward = rc.pageForward && !rc.newestFirst;
  // the balance after the last row drawn, and the page's totals, for brought/carried forward lines
  let running = truth.openingBalance;
  let pageDebits = 0;
  let pageCredits = 0;
  const fwdLabel = (['Balance B/F', 'Brought Forward', 'B/F'] as const)[rc.rowsPerPage % 3]!;
  const cfLabel = (['Carried Forward', 'Balance C/F', 'C/F'] as const)[rc.rowsPerPage % 3]!;
  const place = (row: DrawRow, h: number) => {
    cur.push({ y, row });
    y += h + rowPad;
  };
  const breakPage = () => {
    if (forward)
      place(
        {
          lines: [cfLabel],
          cells: split
            ? { debit: fig(pageDebits), credit: fig(pageCredits), balance: bal(running), ...side(running) }
            : { balance: bal(running), ...side(running) },
        },
        lineH,
      );
    startPage(false);
    pageDebits = 0;
    pageCredits = 0;
    if (forward) place({ lines: [fwdLabel], cells: { balance: bal(running), ...side(running) } }, lineH);
  };
  // room kept at the foot of each page for its carried-forward line
  const foot = bottom - (forward ? lineH + rowPad : 0);
  startPage(true);
  for (const row of rows) {
    const h = rowLines(row) * lineH;
    const full = cur.length >= rc.rowsPerPage || y + h > foot;
    if (full && rc.spillRows && rc.wrap === 'below' && !row.time && row.lines.length >= 2) {
      // the row starts at the foot of this page and its narration goes on at the top of the next
      // (a row whose figures are on its second line keeps that line on this page)
      const least = rc.amountBelow ? 2 : 1;
      const k = Math.max(least, Math.min(Math.ceil(row.lines.length / 2), Math.floor((foot - y) / lineH)));
      place({ ...row, lines: row.lines.slice(0, k) }, k * lineH);
      if (row.tx) {
        running = row.tx.balance;
        pageDebits += row.tx.withdrawal;
        pageCredits += row.tx.deposit;
      }
      breakPage();
      const rest = row.lines.slice(k);
      place({ lines: rest, cells: {} }, rest.length * lineH);
      continue;
    }
    if (full) breakPage();
    if (rc.midHeader && cur.length === Math.floor(rc.rowsPerPage / 2)) {
      cur.push({ y, row: { lines: [], cells: {}, header: true } });
      y += headerHeight;
    }
    place(row, h);
    if (row.tx) {
      running = row.tx.balance;
      pageDebits += row.tx.withdrawal;
      pageCredits += row.tx.deposit;
    }
  }

  pages.forEach((list, pi) => {
    doc.addPage({ size: rc.paper, layout: rc.landscape ? 'landscape' : 'portrait', margin: 0 });
    let top = drawHeaderBlock(pi === 0, pi + 1);
    if (pi === 0 && rc.totalAbove) top = drawSummary(top);
    if (rc.flatText && (pi === 0 || rc.headerEveryPage))
      doc.text(rc.columns.map((c) => headingLines(c.label).join(' ')).join(' '), rc.left, top, {
        lineBreak: false,
      });
    else if (pi === 0 || rc.headerEveryPage) drawTableHeader(top);
    const d = colOf('description');
    if (rc.flatText) {
      // one line a row, its cells a space apart in the columns' order; the narration's other lines after it
      const flatLine = (cells: string[], y: number) =>
        doc.text(cells.filter(Boolean).join(' '), rc.left, y, { lineBreak: false });
      for (const { y: ry, row } of list) {
        if (row.header) {
          flatLine(
            rc.columns.map((c) => headingLines(c.label).join(' ')),
            ry,
          );
          continue;
        }
        flatLine(
          rc.columns.map((c) =>
            c.kind === 'description'
              ? (row.lines[0] ?? '')
              : c.kind === 'other'
                ? ''
                : (row.cells[c.kind] ?? ''),
          ),
          ry,
        );
        row.lines.slice(1).forEach((l, k) => flatLine([l], ry + (k + 1) * lineH));
      }
    }
    for (const { y: ry, row } of rc.flatText ? [] : list) {
      if (row.header) {
        drawTableHeader(ry);
        continue;
      }
      const at = anchorAt(Math.max(1, row.lines.length));
      row.lines.forEach((l, li) => drawCell(d, l, ry + li * lineH));
      const ay = ry + at * lineH;
      if (row.time) drawCell(colOf('date'), row.time, ay + lineH);
      // the figures a line below the date, where the narration goes on there
      const figuresBelow = rc.amountBelow && row.tx !== undefined && row.lines.length >= 2;
      rc.columns.forEach((c, ci) => {
        if (c.kind === 'description') return;
        if (c.kind === 'reference' && rc.wrappedRef && (row.cells.reference ?? '').length > 6) {
          const ref = row.cells.reference!;
          const half = Math.ceil(ref.length / 2);
          drawCell(ci, ref.slice(0, half), ay);
          drawCell(ci, ref.slice(half), ay + lineH);
          return;
        }
        if (
          figuresBelow &&
          c.kind !== 'other' &&
          ['debit', 'credit', 'amount', 'mark', 'balance'].includes(c.kind)
        ) {
          const v = row.cells[c.kind];
          if (v) drawCell(ci, v, ay + lineH);
          return;
        }
        const v =
          c.kind === 'other'
            ? row.index === undefined
              ? ''
              : extraCell(c.extra!, row.index)
            : row.cells[c.kind];
        if (v) drawCell(ci, v, ay);
      });
    }
    if (rc.browserPrint) {
      // what a browser prints in the margins: when, the page's title, where from, which page
      const printed = dateText(truth.period.to);
      doc.font('Helvetica').fontSize(7);
      doc.text(`${printed}, 10:4${pi % 10} AM`, 12, 8, { lineBreak: false });
      doc.text(`${rc.bankName} - Account Statement`, pageW / 2 - 60, 8, { lineBreak: false });
      doc.text('https://netbanking.example.in/retail/statement?acct=XXXX&view=print', 12, pageH - 14, {
        lineBreak: false,
      });
      doc.text(`${pi + 1}/${pages.length}`, pageW - 30, pageH - 14, { lineBreak: false });
    }
    const fy = pageH - 40;
    doc.font(rc.font).fontSize(rc.size);
    if (rc.footer === 'pageOf')
      doc.text(`Page ${pi + 1} of ${pages.length}`, pageW / 2 - 20, fy, { lineBreak: false });
    if (rc.footer === 'pageSlash')
      doc.text(`Page ${pi + 1}/${pages.length}`, pageW - 80, fy, { lineBreak: false });
    if (rc.footer === 'disclaimer')
      doc.text('This is a computer generated statement and does not require a signature.', rc.left, fy, {
        lineBreak: false,
      });
  });
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
