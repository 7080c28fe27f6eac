import { parseAmount, rupeesToPaise } from '@bahi/core';
import { memoByText } from './memo.ts';

// Statement-side amount reading: Indian (1,23,456.78) and Western (123,456.78) grouping, with the
// Dr/Cr markers banks print beside amounts ("1,04,762.16 Cr.", "18,764.00 (Cr)", "98,150.56Cr", "DR").

export interface ReadAmount {
  /** integer paise, always >= 0 unless the text carried a minus sign or parentheses */
  paise: number;
  /** the Dr/Cr marker printed with the amount, if any */
  mark: 'dr' | 'cr' | null;
}

const MARK = /\s*(?:\(\s*(dr|cr)\.?\s*\)|(dr|cr)\.?)$/i;
// the mark printed before the figure ('Dr 500.00', 'CR. 1,200.00')
const LEADING_MARK = /^(?:\(\s*(dr|cr)\.?\s*\)|(dr|cr)\.?)\s*(?=[\d(+-]|inr|rs|₹)/i;

/**
 * A currency printed as a word of its own before a figure ('INR', 'Rs.', '₹', '-INR'); a backtick
 * is the rupee of the old Rupee fonts, which drew ₹ in the backtick's place.
 */
export function isCurrency(text: string): boolean {
  return /^[-+]?(?:₹|rs\.?|inr|`)$/i.test(text.trim());
}

// a figure that prints its own currency sign ('`4,22,784.00', '₹500.00', 'Rs.1,200.00')
const OWN_CURRENCY = /^[-+(]?(?:₹|rs\.?|inr|`) ?\d/i;

/**
 * Whether a currency word and the word after it are one amount: 'Rs.' '3,540.00', or an overdrawn
 * balance in brackets, '(Rs.' '6,04,888.46)'. A figure that prints its own sign takes no other
 * before it: 'INR' '`4,22,784.00' is a currency column's cell, then the amount's.
 */
export function currencyFigure(currency: string, figure: string): boolean {
  if (OWN_CURRENCY.test(figure)) return false;
  if (isCurrency(currency)) return readAmount(figure) !== null;
  return (
    currency.startsWith('(') &&
    figure.endsWith(')') &&
    isCurrency(currency.slice(1)) &&
    readAmount(`${currency} ${figure}`) !== null
  );
}

// minus signs other than the hyphen: U+2212 minus, figure dash, en dash, small and full-width hyphen-minus
const MINUS = /[\u2212\u2012\u2013\uFE63\uFF0D]/g;
const ODD_SIGN = /[\u2212\u2012\u2013\uFE63\uFF0D`]/;

/** What statements print in an amount column that has no amount on the row ('-', '--', '—', 'NIL'). */
export const EMPTY_AMOUNT = /^(?:[-–—]{1,2}|nil)$/i;

/** A Dr/Cr marker on its own ("Cr", "DR", "(Dr)", "Cr."). */
export function isMark(text: string): boolean {
  return /^\(?\s*(dr|cr)\.?\s*\)?$/i.test(text.trim());
}

/**
 * Whether print names something, beyond a figure's own print: its currency word before ('Rs.',
 * '(₹'), its Dr/Cr mark after ('(Cr)', 'Dr.') and an empty cell's dash or 'NIL' name nothing.
 */
export const namesSomething = (text: string) =>
  !EMPTY_AMOUNT.test(text) &&
  /\p{L}/u.test(text.replace(/^[(\s]*(?:₹|rs\.?|inr)/i, '').replace(/\(?(?:cr|dr)\.?\)?$/i, ''));

/**
 * The side a cell spells on its own: a Dr/Cr marker ('Cr', '(DR)', 'Dr.'), the word ('Debit',
 * 'CREDIT') or, with `letters`, its first letter ('D', 'C.'), as the marker the amount reader takes.
 * (One letter is a side only where the column says so: Finacle's 'C' and 'T' are cash and transfer.)
 */
export function sideOf(text: string, letters = false): 'Dr' | 'Cr' | null {
  const t = text
    .trim()
    .replace(/^\(\s*(.*?)\s*\)$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (t === 'dr' || t === 'debit' || (letters && t === 'd')) return 'Dr';
  if (t === 'cr' || t === 'credit' || (letters && t === 'c')) return 'Cr';
  return null;
}

/**
 * Reads an amount cell: the Dr/Cr marker is kept apart (a balance's side), the number itself is
 * core's parseAmount. Needs a decimal point (one or two decimals) unless `loose` (sheet cells), so that cheque numbers,
 * serial numbers and years are not taken for money. Returns null for anything else.
 */
export function readAmount(text: string | number | null, loose = false): ReadAmount | null {
  if (text === null) return null;
  if (typeof text === 'number')
    return Number.isFinite(text) ? { paise: rupeesToPaise(text), mark: null } : null;
  // (a figure needs its decimal point unless loose, and the reader asks of every word of every
  // line whether it is one: most are not, and are told so at once)
  if (loose) return readText(text, true);
  return text.includes('.') ? readFigure(text) : null;
}

// (several rules ask of the same figure: the answer is shared, so frozen. A figure is asked of
// again in a later pass over the whole statement, so the bound must hold a long statement's
// figures: at 8,192 a 500-page statement's 48,000 were cleared before their second ask and 417 of
// 96,400 asks were answered from memory; parse-speed.ts --against: 0.88x the time at 500 pages)
const readFigure = memoByText((text) => {
  const a = readText(text, false);
  return a && Object.freeze(a);
}, 1 << 17);

function readText(text: string, loose: boolean): ReadAmount | null {
  let s = text.trim();
  if (ODD_SIGN.test(s)) s = s.replace(MINUS, '-').replace(/`/g, '₹');
  if (s === '') return null;
  let mark: ReadAmount['mark'] = null;
  const m = MARK.exec(s);
  const lead = m && m.index > 0 ? null : LEADING_MARK.exec(s);
  if (m && m.index > 0) {
    mark = (m[1] ?? m[2])!.toLowerCase() as 'dr' | 'cr';
    s = s.slice(0, m.index).trim();
  } else if (lead) {
    mark = (lead[1] ?? lead[2])!.toLowerCase() as 'dr' | 'cr';
    s = s.slice(lead[0].length).trim();
  }
  // a minus grouped as if it were a digit ('-,93,39,895.11', a CSV export's overdrawn balance)
  if (s.startsWith('-,')) s = `-${s.slice(2)}`;
  // a minus after the figure ('1,234.00-', core-banking reports' overdrawn balances and debits)
  if (loose ? /\d-$/.test(s) : /\.\d{1,2}-$/.test(s)) s = `-${s.slice(0, -1)}`;
  // one decimal ('1200.0') is how some exports print rupees
  if (!loose && !/\.\d{1,2}\)?$/.test(s)) return null;
  const paise = parseAmount(s);
  return paise === null ? null : { paise, mark };
}

/** What a piece before a Dr/Cr printed apart is, for `sideOwner`. */
export type SidePart = 'figure' | 'words' | 'stop';

/**
 * The figure a Dr/Cr printed apart (a cell or column of its own) is the side of, as an index into
 * `items`, or -1: the nearest figure before it, past words between ('791,836.86' | 'NET BANKING' |
 * 'DR': a channel or branch code printed between the balance and its side); where that figure
 * prints its own mark, the nearest figure before it that prints none ('4,71,547.04Dr' | 'CR': a
 * balance, and the side of the amount before it). The cells of a line and the columns the rows
 * place both read marks by this rule.
 */
export function sideOwner<T>(
  items: T[],
  at: number,
  part: (item: T, k: number) => SidePart,
  marked: (item: T) => boolean,
): number {
  let k = at - 1;
  while (k >= 0 && part(items[k]!, k) === 'words') k--;
  if (k < 0 || part(items[k]!, k) !== 'figure') return -1;
  if (!marked(items[k]!)) return k;
  for (let j = k - 1; j >= 0; j--) if (part(items[j]!, j) === 'figure' && !marked(items[j]!)) return j;
  return -1;
}

// a figure in whole rupees: grouped ('2,35,769') or not ('235769'), its currency before it ('Rs. 1755'),
// its Dr/Cr mark after it ('86,522 Dr')
export const WHOLE_RUPEES =
  /^(?:(?:rs\.?|inr|₹|`) ?)?(?:\d{1,3}(?:,\d{2,3})+|\d{1,9})(?: ?\(?(?:cr|dr)\.?\)?)?$/i;

// a side marked a space before a figure ('Cr `1,840', 'Dr 20', '(Dr) 500'; 'CR2024' is a code)
const SIDE_FIRST = /^\(?(?:cr|dr)\.?\)? (?=[\d₹`]|rs|inr)/i;

/**
 * Whole rupees with their side marked on them, after or before ('18764(Cr)', '1,703 Dr', 'Cr `1,840',
 * 'Dr 20'): money, never a code.
 */
export const markedWhole = (t: string) =>
  /\d ?\(?(?:cr|dr)\.?\)?$/i.test(t)
    ? WHOLE_RUPEES.test(t)
    : SIDE_FIRST.test(t) && WHOLE_RUPEES.test(t.replace(SIDE_FIRST, ''));

/** A figure without the sign printed before it ('+ 15,088', '– 2,070') or after it ('3,500–'). */
export const unsigned = (t: string) =>
  t.replace(/^[-+\u2212\u2013] ?/, '').replace(/(\d)[-\u2212\u2013]$/, '$1');

/**
 * Whole rupees that are money by their print, never a code: grouped ('57,500'), signed ('3,500–'), or
 * with their currency before them ('`220', 'Rs. 1755': a code is printed without one; '`' is the
 * rupee sign of an old font).
 */
export const toldWhole = (t: string) =>
  WHOLE_RUPEES.test(unsigned(t)) &&
  (unsigned(t) !== t || /\d,\d/.test(t) || /^(?:rs\.?|inr|₹|`) ?\d/i.test(unsigned(t)));

/** The text is a figure, or holds one among its words ('21,530.00 Cr 1,99,266.80 Cr'). */
export function hasFigure(text: string): boolean {
  return readAmount(text) !== null || text.split(' ').some((w) => readAmount(w) !== null);
}

/**
 * An amount column's cell prints money, as the values stage reads it (`money`): a figure with paise of
 * one or two digits, or whole rupees, with its sign, currency, brackets or Dr/Cr ('1,200.00 Cr',
 * '(Rs.6,04,888.46)', '2,700', 'Rs.2,700', '4,000-', '+ 18,764'); the whole cell or one of its words
 * ('482.00Dr 100,232.11'). A number of more decimals is no money, whatever its trailing zeros (a rate,
 * '2.7500': core's parseAmount, which reads a sheet's cells, takes '2.7500' for 2.75), and neither is
 * a date, a code or a percentage printed with digits.
 */
export function printsMoney(text: string): boolean {
  const one = (t: string) => readAmount(t) !== null || (!/\d\.\d/.test(t) && readAmount(t, true) !== null);
  return one(text) || (text.includes(' ') && text.split(' ').some(one));
}

/** A balance: Dr means overdrawn (negative). */
export function balancePaise(a: ReadAmount): number {
  return a.mark === 'dr' ? -Math.abs(a.paise) : a.paise;
}

export { paiseToRupees } from '@bahi/core';
