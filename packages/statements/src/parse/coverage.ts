// Whether a read accounts for its whole statement. Rows that chain to the last row read prove
// nothing about rows that were never read: a statement that prints no closing balance or totals
// reconciles with its last page missing. So every dated line that holds a figure must have become a
// row, or a printed opening, closing or total; any other is a gap the user must see.
import { readAmount } from './amount.ts';
import { readDate, readMonthDay } from './dates.ts';
import type { Line } from './lines.ts';
import type { Special } from './rows.ts';
import type { Transaction } from './types.ts';

/**
 * The date a line starts with and how many words it takes: a whole date as its ISO form
 * ('02-04-2019', '27 APR 2023'), a day and month without a year as 'MM-DD' ('May 02', '9 Aug' before
 * '10 Aug', whose day is no year); null when the line starts with no date.
 */
export function leadingDate(text: string): { key: string; words: number } | null {
  const words = text.trim().split(' ');
  for (let k = 1; k <= 3 && k <= words.length; k++) {
    const iso = readDate(words.slice(0, k).join(' '));
    if (!iso) continue;
    if (k === 3 && words[3] !== undefined && readMonthDay(`${words[2]} ${words[3]}`)) break;
    return { key: iso, words: k };
  }
  const md = words.length >= 2 ? readMonthDay(`${words[0]} ${words[1]}`) : null;
  return md ? { key: md, words: 2 } : null;
}

/** Whether a text has a digit, a point and a digit in a row: the least a money figure holds. */
function mayHoldFigure(text: string): boolean {
  for (let i = text.indexOf('.'); i > 0; i = text.indexOf('.', i + 1)) {
    const before = text.charCodeAt(i - 1);
    const after = text.charCodeAt(i + 1);
    if (before >= 48 && before <= 57 && after >= 48 && after <= 57) return true;
  }
  return false;
}

/** A line that starts with a date and holds a money figure after it: a row, printed or not read. */
/** The date a row's line starts with, after the serial number some statements print first ('12 01/05/2024'). */
function rowDate(text: string): { key: string; words: number } | null {
  const date = leadingDate(text);
  if (date) return date;
  const serial = /^\d{1,6}\.?\s+/.exec(text.trim());
  const after = serial ? leadingDate(text.trim().slice(serial[0].length)) : null;
  return after ? { key: after.key, words: after.words + 1 } : null;
}

export function isDatedRow(text: string): boolean {
  if (!mayHoldFigure(text)) return false;
  const date = rowDate(text);
  return date !== null && figures(text, date.words).size > 0;
}

/**
 * The money figures of a line after its leading date, in absolute paise: words with a decimal point
 * (cheque, reference and serial numbers have none).
 */
function figures(text: string, skip: number): Set<number> {
  const out = new Set<number>();
  for (const w of text.trim().split(' ').slice(skip)) {
    // (a mark may be glued on: '4,21,860.02Dr')
    if (!/\d\.\d{1,2}(?!\d)/.test(w)) continue;
    const a = readAmount(w);
    if (a && a.paise !== 0) out.add(Math.abs(a.paise));
  }
  return out;
}

/**
 * The dated lines with figures that no row and no printed opening, closing or total accounts for.
 * A row accounts for a line when it carries the line's date (posting or value) and its figures; of
 * several, the one that carries most of them (on the line's page first), and each row one line.
 * Lines after a printed closing balance, until rows resume, are past the table's end (a loan's or a
 * deposit's summary): the closing figure checks that end.
 */
export function unreadLines(
  lines: Line[],
  transactions: Transaction[],
  specials: Special[],
  /** the lines rows were read from, when the table reader says so: theirs need no matching */
  rowLines?: ReadonlySet<Line>,
): Line[] {
  const byDate = new Map<string, Transaction[]>();
  for (const t of rowLines ? [] : transactions)
    for (const d of new Set([t.date, t.valueDate, t.date.slice(5), t.valueDate?.slice(5)])) {
      if (!d) continue;
      const list = byDate.get(d);
      if (list) list.push(t);
      else byDate.set(d, [t]);
    }
  const used = new Set<Transaction>();
  const printed = new Set<number>();
  for (const s of specials)
    for (const v of [s.balance, s.debit, s.credit]) if (v !== null) printed.add(Math.abs(v));
  const closings = new Set(specials.filter((s) => s.kind === 'closing').map((s) => s.text));
  const out: Line[] = [];
  let pastEnd = false;
  for (const [i, line] of lines.entries()) {
    if (closings.has(line.text)) pastEnd = true;
    if (rowLines?.has(line)) {
      pastEnd = false;
      continue;
    }
    // (figures first: most lines hold none, and their words were read as figures already, so the
    // answers come from memory; a date is read only on a line that holds one)
    let text = line.text;
    let date: ReturnType<typeof rowDate>;
    if (!mayHoldFigure(text)) {
      // a date line without figures whose figures (an amount and the balance) are printed on the
      // undated line under it (a narration's line with one figure in it is no such row)
      const next = lines[i + 1];
      if (!next || next.page !== line.page || !mayHoldFigure(next.text)) continue;
      date = rowDate(text);
      if (!date || rowDate(next.text)) continue;
      text = `${line.text} ${next.text}`;
    } else date = rowDate(text);
    if (!date) continue;
    const figs = figures(text, date.words);
    if (figs.size < (text === line.text ? 1 : 2)) continue;
    const held = (t: Transaction) =>
      [t.withdrawal, t.deposit, t.balance].filter((v) => v !== null && v !== 0 && figs.has(Math.abs(v)))
        .length;
    let row: Transaction | undefined;
    let best = 0;
    for (const t of rowLines ? [] : (byDate.get(date.key) ?? [])) {
      if (used.has(t)) continue;
      const n = held(t) * 2 + (t.page === line.page ? 1 : 0);
      if (held(t) > 0 && n > best) [row, best] = [t, n];
    }
    if (row) {
      used.add(row);
      pastEnd = false;
    } else if (!pastEnd && ![...figs].some((f) => printed.has(f))) out.push(line);
  }
  return out;
}
