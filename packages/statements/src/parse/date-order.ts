// A document's date order. Indian banks print the day first, and the date reader reads every
// numeric date that way; an export written month first (a card or foreign-bank download, a CSV
// saved on a machine set to US dates: 04/13/2024) then reads its days past the 12th as no date and
// the rest as the wrong month. Which order a document uses is told by the dates that read only one
// way: a first part over 12 is a day, a second part over 12 is a day. A document whose one-way
// dates all put the day second is month-first, and its dates are rewritten day-first at the lines
// stage, so every later stage reads them as it reads any other statement's. A document with no
// one-way date at all (every day 1-12) keeps the day-first reading: nothing in it says otherwise.
import type { Line } from './lines.ts';

// a numeric date as a word of its own: 4/13/2024, 04-13-24, 04.13.2024
const NUMERIC_DATE = /(^|\s)(\d{1,2})([/.-])(\d{1,2})\3(\d{4}|\d{2})(?=\s|$)/g;

/**
 * Counts of the dates that read only day-first and only month-first; `untilDayFirst` stops at the
 * first day-first one (it settles the order: a long statement is not read through for it).
 */
export function oneWayDates(
  texts: Iterable<string>,
  untilDayFirst = false,
): { dayFirst: number; monthFirst: number } {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const text of texts) {
    // (most texts are words and figures with no separator a date needs: skip them unread)
    if (!text.includes('/') && !text.includes('-') && !text.includes('.')) continue;
    for (const m of text.matchAll(NUMERIC_DATE)) {
      const a = Number(m[2]);
      const b = Number(m[4]);
      if (a > 12 && a <= 31 && b >= 1 && b <= 12) {
        dayFirst++;
        if (untilDayFirst) return { dayFirst, monthFirst };
      } else if (b > 12 && b <= 31 && a >= 1 && a <= 12) monthFirst++;
    }
  }
  return { dayFirst, monthFirst };
}

const swapped = (text: string) =>
  text.replace(NUMERIC_DATE, (_, lead, a, sep, b, y) => `${lead}${b}${sep}${a}${sep}${y}`);

/**
 * The lines with their numeric dates day-first, when the document's one-way dates are all
 * month-first; the same lines otherwise. (The swap keeps each run's length, so its word edges hold.)
 */
export function dayFirstLines(lines: Line[]): Line[] {
  const { dayFirst, monthFirst } = oneWayDates(runTexts(lines), true);
  if (monthFirst === 0 || dayFirst > 0) return lines;
  for (const line of lines) {
    for (const run of line.runs) run.text = swapped(run.text);
    line.text = swapped(line.text);
  }
  return lines;
}

function* runTexts(lines: Line[]): Iterable<string> {
  for (const line of lines) for (const run of line.runs) yield run.text;
}
