// A scanned row's date read one digit wrong, mended from the value date printed beside it: the
// account stage's counterpart of ocr-figures.ts for dates, which are in no balance chain. Only the
// statement's date order shows such a misread (photo PNB 47596: 28/12/23 read '20/12/23' beside its
// value date read '28/12/23'; photo BOM 8029: 29/02/24 read '20/02/24'; decision 041, session 17).
import type { Trace } from './trace.ts';
import type { Paise, ParseIssue, Transaction } from './types.ts';

/** Two ISO dates that differ in one digit only, at the same place (the recogniser's 8 for a 0). */
export function oneDigitApartDates(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let apart = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) apart++;
  return apart === 1;
}

/**
 * The rows whose dates keep the statement's date order: the heaviest run of dates that never goes
 * back (a day's rows repeat a date), so that one misread date, early or late, is the row out of
 * order and not the dozen rows around it. `weight` says what keeping each row is worth: a row that
 * could be mended weighs less, so that of two rows out of order with each other (27 Dec, then 28
 * Dec read '20/12/23' beside its value date) the one with a reading to mend it from is left out.
 * A Fenwick tree over the dates' ranks keeps it O(n log n) (a statement may have thousands of rows).
 */
export function inOrder(dates: string[], weight: (i: number) => number = () => 1): Set<number> {
  const ranks = [...new Set(dates)].sort();
  const rank = new Map(ranks.map((d, k) => [d, k + 1]));
  // tree[k]: the best run ending on a date of rank <= k (its weight and last row), prefix maxima
  const tree: [number, number][] = Array.from({ length: ranks.length + 1 }, () => [0, -1]);
  const best = (k: number): [number, number] => {
    let out: [number, number] = [0, -1];
    for (; k > 0; k -= k & -k) if (tree[k]![0] > out[0]) out = tree[k]!;
    return out;
  };
  const before = new Array<number>(dates.length).fill(-1);
  let top: [number, number] = [0, -1];
  dates.forEach((d, i) => {
    const r = rank.get(d)!;
    const [w, j] = best(r);
    before[i] = j;
    const mine: [number, number] = [w + weight(i), i];
    if (mine[0] > top[0]) top = mine;
    for (let k = r; k <= ranks.length; k += k & -k) if (mine[0] > tree[k]![0]) tree[k] = mine;
  });
  const kept = new Set<number>();
  for (let i = top[1]; i >= 0; i = before[i]!) kept.add(i);
  return kept;
}

/** The valid dates that differ from `iso` in one digit (the recogniser's 0 for an 8, 2 for a 7). */
export function datesOneDigitFrom(iso: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < iso.length; i++) {
    if (!/\d/.test(iso[i]!)) continue;
    for (let d = 0; d <= 9; d++) {
      if (String(d) === iso[i]) continue;
      const c = `${iso.slice(0, i)}${d}${iso.slice(i + 1)}`;
      const t = new Date(`${c}T00:00:00Z`);
      if (!Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === c) out.push(c);
    }
  }
  return out;
}

/**
 * Mend, in place, the date of each OCR'd row that breaks the statement's date order:
 *   - to its value date, read on the same row, when that is its date with one digit changed and
 *     puts the row back in order (on or after the date of the row before it in order, on or before
 *     the next one's);
 *   - else to the one date a digit from it that does so, when exactly one does and the order bounds
 *     it on both sides (the rows around it, the period's first or last day at either end): a day's
 *     rows around a misread one leave it no other (12, 12, '17', 12); 28 Dec read '20' after 27 Dec
 *     and before the period's end has 28, 29 and 30, and is left as read.
 * A date outside the period the statement prints is out of order wherever it stands. Rows of a text
 * layer are never mended (its dates are exact), nor a row in order (a posting and value date a day
 * apart are the bank's). A mended row is flagged (`ocrFlag`), like a mended figure, and each mend
 * is a decision in the trace and a note to the user. Returns the rows mended.
 */
export function mendOcrDates(
  txs: Transaction[],
  ocr: (t: Transaction) => boolean,
  ctx?: { issues: ParseIssue[]; trace?: Trace; period?: { from: string | null; to: string | null } },
  where: (t: Transaction) => { page?: number; y?: number } = (t) =>
    t.page === undefined ? {} : { page: t.page },
): Transaction[] {
  const could = (t: Transaction) => ocr(t) && t.valueDate !== null && oneDigitApartDates(t.date, t.valueDate);
  const kept = inOrder(
    txs.map((t) => t.date),
    (i) => (could(txs[i]!) ? 1 : 2),
  );
  // a date outside the period the statement prints is out of order wherever it stands (a year
  // read '2074' on the last row keeps the order it breaks)
  const { from = null, to = null } = ctx?.period ?? {};
  const within = (d: string) => from !== null && to !== null && from <= d && d <= to;
  txs.forEach((t, i) => {
    if (ocr(t) && from !== null && to !== null && !within(t.date)) kept.delete(i);
  });
  const mended: Transaction[] = [];
  txs.forEach((t, i) => {
    if (kept.has(i) || !ocr(t)) return;
    // the dates it must lie between: the rows kept in order, or mended, on either side
    let p = i - 1;
    while (p >= 0 && !kept.has(p)) p--;
    let n = i + 1;
    while (n < txs.length && !kept.has(n)) n++;
    const lo = p >= 0 ? txs[p]!.date : from;
    const hi = n < txs.length ? txs[n]!.date : to;
    const fits = (d: string) => (lo === null || lo <= d) && (hi === null || d <= hi);
    let date: string | null = null;
    let why = '';
    if (could(t) && fits(t.valueDate!) && (from === null || to === null || within(t.valueDate!))) {
      date = t.valueDate;
      why = 'one digit from its value date';
    } else if (lo !== null && hi !== null) {
      const near = datesOneDigitFrom(t.date).filter(fits);
      if (near.length === 1) [date, why] = [near[0]!, 'the one date a digit from it that keeps the order'];
    }
    if (date === null) return;
    ctx?.trace?.add({
      rule: 'account.ocr-date-mended',
      ...where(t),
      detail: `${t.date} -> ${date}: out of order, ${why}`,
    });
    t.date = date;
    // a date the recogniser misread: the user checks it against the paper
    t.ocrFlag = true;
    kept.add(i);
    mended.push(t);
  });
  if (ctx && mended.length > 0)
    ctx.issues.push({
      kind: 'layout',
      message: `${mended.length} date(s) of the scan read one digit wrong, out of the statement's date order, were mended (rows dated ${mended.map((t) => t.date).join(', ')}): check them against the paper.`,
      page: mended[0]!.page,
    });
  return mended;
}

/**
 * The scanned rows whose date cell read as no date ('ovo32s' for 01/03/25: photo ICICI seed 7943's
 * first row, its figures and balance read), dated where the date order leaves them one day: the
 * dated rows on either side, or the period's first or last day at either end, print the same
 * date (the period's first day, 1 Mar, and the next row, 1 Mar). Only a row the balance chain
 * proves a movement (the balance before it, or the opening, moved by its amount to its balance):
 * an opening line read '(peni ng Balance' with its figure is none (speckle PNB 103099). Dated so,
 * the row is flagged (the chain proves amounts, never dates) and the chain runs through it: the
 * next row's deposit read 6,515.00 for 6,519.00 is mended by it. Any other such row is dropped, a
 * row the user is told was not read, as before. Returns the rows kept.
 */
export function datesByOrder(
  txs: Transaction[],
  undated: (t: Transaction) => boolean,
  period: { from: string | null; to: string | null },
  opening: Paise | null,
  ctx?: { issues: ParseIssue[]; trace?: Trace },
  where: (t: Transaction) => { page?: number; y?: number } = (t) =>
    t.page === undefined ? {} : { page: t.page },
): Transaction[] {
  if (!txs.some(undated)) return txs;
  const dated = (k: number, step: 1 | -1): string | null => {
    for (let j = k + step; j >= 0 && j < txs.length; j += step) if (!undated(txs[j]!)) return txs[j]!.date;
    return step < 0 ? period.from : period.to;
  };
  return txs.filter((t, k) => {
    if (!undated(t)) return true;
    const lo = dated(k, -1);
    const hi = dated(k, 1);
    const before = k === 0 ? opening : txs[k - 1]!.balance;
    const amount = t.deposit + t.withdrawal;
    const moved =
      before !== null && t.balance !== null && amount > 0 && Math.abs(t.balance - before) === amount;
    if (moved && lo !== null && lo === hi) {
      ctx?.trace?.add({
        rule: 'account.date-by-order',
        ...where(t),
        detail: `dated ${lo}: the rows around it leave no other day`,
      });
      t.date = lo;
      t.ocrFlag = true;
      return true;
    }
    ctx?.issues.push({
      kind: 'row',
      message: 'A row with amounts but no readable date was not read.',
      page: t.page,
      text: t.description,
    });
    return false;
  });
}
