import { parseSpecDate } from '@bahi/core';
import { readAmount } from './amount.ts';
import { memoByText } from './memo.ts';

// Statement-side date reading. Banks print more shapes than the product's strict list:
// 01/04/24, 01-04-2024, 01-Apr-24, 01 Apr 2024, 1 Apr 2024 (wrapped as '1 Apr' + '2024'),
// 01 Jul, 2025, Apr 01, 2024 and ISO from sheet cells. Two-digit years mean 20YY (DESIGN.md).

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** A month's number from its name, short or long ('Apr', 'Sept', 'April'); undefined for other words. */
function monthOf(word: string): number | undefined {
  const w = word.toLowerCase();
  if (w.length < 3) return undefined;
  const i = MONTH_NAMES.findIndex((name) => name.startsWith(w));
  return i >= 0 ? i + 1 : undefined;
}

const WEEKDAYS =
  /^(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/i;

/** Whether a word is a month's or a weekday's name, the piece of a date that wraps ('Apr', 'Wednesday,'). */
export function isMonthOrDay(word: string): boolean {
  const w = word.replace(/[.,]$/, '');
  return monthOf(w) !== undefined || WEEKDAYS.test(w);
}

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  if (m < 1 || m > 12 || d < 1 || y < 1900 || y > 2199) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/;
const ISO = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})(?:T.*)?$/;
const DAY_MON = /^(\d{1,2})[\s/-]*([a-z]{3,9})\.?[\s,/-]*(\d{2}|\d{4})$/i;
const MON_DAY = /^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/i;

const readDateKept = memoByText(readDateOnce);

/** Reads one date; null when the text is not exactly a date. */
export function readDate(text: string): string | null {
  // (every date has digits: the words of a narration are told at once that they are none)
  return /\d/.test(text) ? readDateKept(text) : null;
}

function readDateOnce(text: string): string | null {
  const s = text.trim().replace(/\s+/g, ' ');
  // the product's own formats first (core), then the shapes only statements print
  const spec = parseSpecDate(s);
  if (spec) return spec >= '1900' && spec < '2200' ? spec : null;
  let m = NUMERIC.exec(s);
  if (m) return iso(Number(m[3]), Number(m[2]), Number(m[1]));
  m = ISO.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = DAY_MON.exec(s);
  if (m) {
    const mon = monthOf(m[2]!);
    return mon ? iso(Number(m[3]), mon, Number(m[1])) : null;
  }
  m = MON_DAY.exec(s);
  if (m) {
    const mon = monthOf(m[1]!);
    return mon ? iso(Number(m[3]), mon, Number(m[2])) : null;
  }
  return null;
}

const TIME_AFTER = /\s+(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s*[ap]\.?m\.?)?$/i;

/** The text without the time printed after its date ('Feb 29 00:12:36' -> 'Feb 29'). */
export const withoutTime = (text: string) => text.trim().replace(TIME_AFTER, '');

/** Reads a date printed with its time in one cell ('01/04/2023 10:15:32', '01-04-2023 10:15 AM'). */
export function readDateTime(text: string): string | null {
  const s = text.trim();
  return readDate(s) ?? (TIME_AFTER.test(s) ? readDate(withoutTime(s)) : null);
}

// A day and month without a year ('May 02', '02 May'): the statement period gives the year.
const MON_DAY_NO_YEAR = /^([a-z]{3,9})\.?\s+(\d{1,2})$/i;
const DAY_MON_NO_YEAR = /^(\d{1,2})[\s-]([a-z]{3,9})\.?$/i;

/** A date printed without its year, as 'MM-DD'; null for anything else. */
export function readMonthDay(text: string): string | null {
  const s = text.trim().replace(/\s+/g, ' ');
  let m = MON_DAY_NO_YEAR.exec(s);
  let mon: number | undefined;
  let day: number;
  if (m) {
    mon = monthOf(m[1]!);
    day = Number(m[2]);
  } else {
    m = DAY_MON_NO_YEAR.exec(s);
    if (!m) return null;
    mon = monthOf(m[2]!);
    day = Number(m[1]);
  }
  if (!mon || day < 1 || day > 31) return null;
  return `${String(mon).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The month and day in the year that puts them nearest `near` (a value date beside its posting date). */
export function nearYear(monthDay: string, near: string): string | null {
  const y = Number(near.slice(0, 4));
  const days = (iso: string) => Math.abs(Date.parse(iso) - Date.parse(near));
  const [mm, dd] = monthDay.split('-').map(Number) as [number, number];
  const options = [y - 1, y, y + 1]
    .filter((n) => new Date(Date.UTC(n, mm - 1, dd)).getUTCDate() === dd)
    .map((n) => `${n}-${monthDay}`);
  return options.sort((a, b) => days(a) - days(b))[0] ?? null;
}

/** The year that puts a month and day inside the period (the period's start year when none is known). */
export function withYear(monthDay: string, from: string | null, to: string | null): string | null {
  const years = new Set<number>();
  for (const d of [from, to]) if (d) years.add(Number(d.slice(0, 4)));
  for (const y of years) {
    const iso = `${y}-${monthDay}`;
    const [mm, dd] = monthDay.split('-').map(Number) as [number, number];
    if (new Date(Date.UTC(y, mm - 1, dd)).getUTCDate() !== dd) continue;
    if ((!from || iso >= from) && (!to || iso <= to)) return iso;
  }
  return null;
}

/** True when the text starts a date that may wrap onto the next line ('1 Apr' of '1 Apr' / '2024'). */
export function isDateStart(text: string): boolean {
  const s = text.trim();
  if (readDate(s)) return true;
  if (MON_DAY_NO_YEAR.exec(s) && readMonthDay(s)) return true;
  const m = /^(\d{1,2})[\s-]?([a-z]{3,9})[\s,-]*$/i.exec(s);
  return !!m && monthOf(m[2]!) !== undefined;
}

/** Every date inside a longer text, in order (for 'From 01/12/2023 To 31/12/2023' lines). */
export function findDates(text: string): string[] {
  const out: string[] = [];
  const re =
    /\b(\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2}|\d{1,2}[\s-][A-Za-z]{3,9}[\s,-]+(?:\d{4}|\d{2})|[A-Za-z]{3,9}\s+\d{1,2},\s+\d{4})\b/g;
  for (const m of text.matchAll(re)) {
    const d = readDate(m[1]!);
    if (d) out.push(d);
  }
  return out;
}

/** The whole dates a run's words start with, and the index of the first word after them. */
function leadingDates(words: string[]): { dates: string[]; end: number } {
  const dates: string[] = [];
  let p = 0;
  while (p < words.length) {
    let q = p + 1;
    // the shortest date from here (a date is at most three words: '31 May 2023')
    while (q <= Math.min(words.length, p + 3) && !readDate(words.slice(p, q).join(' '))) q++;
    // else a date printed without its year ('Jun 02 CLG': the year is the period's)
    if (q > Math.min(words.length, p + 3)) {
      if (p + 2 > words.length || !readMonthDay(words.slice(p, p + 2).join(' '))) break;
      q = p + 2;
    }
    dates.push(words.slice(p, q).join(' '));
    p = q;
  }
  return { dates, end: p };
}

/** A run that is two or more whole dates and nothing else, as its dates; else null. */
export function datePieces(text: string): string[] | null {
  const words = text.split(' ');
  const { dates, end } = leadingDates(words);
  return end === words.length && dates.length > 1 ? dates : null;
}

/**
 * A run that starts with whole dates and goes on with the text of the next cell, drawn as one item
 * where a tight table's cells are a space apart ('30 August 24 30 August 24 0000424352595205',
 * '01 Dec 2023 TRANSFER FROM ...'): the dates and that text; else null. A time after a date is the
 * date's.
 */
export function datesThenText(text: string): { dates: string[]; rest: string } | null {
  const words = text.split(' ');
  const { dates, end } = leadingDates(words);
  if (dates.length === 0 || end === words.length) return null;
  const rest = words.slice(end);
  if (/^\d{1,2}[:.]\d{2}\b|^[ap]\.?m\.?$/i.test(rest[0]!)) return null;
  // (a word of letters or a reference number, and no figure: a run that goes on to an amount is
  // taken apart word by word)
  if (rest.some((w) => readAmount(w) !== null) || !rest.some((w) => /[a-z]/i.test(w) || /\d{5}/.test(w)))
    return null;
  return { dates, rest: rest.join(' ') };
}

/** The first date-like piece of a date cell's text (or its first word). */
export function firstToken(s: string): string {
  // a date cell may hold '1 Dec' (wrapped year) or a full date; the hour of a time after it
  // ('04 Nov 10:15') is no year, nor is the day of a date after it ('01 May 01 May 2024': a value
  // date under a date whose year went to the next column); a scan's day and month may run together
  // ('19Dec 2023', '31Dec2023': the recogniser lost the space; decision 041, round seven)
  const m =
    /^(\d{1,2}[\s-]?[A-Za-z]{3,9}(?:[\s,-]*\d{2,4}(?![:\d])(?!\s+[A-Za-z]{3,9}\b))?|[A-Za-z]{3,9}\.?\s+\d{1,2}\b(?:,?\s+\d{4}(?!\d))?|\S+)/.exec(
      s.trim(),
    );
  return m ? m[1]! : '';
}
