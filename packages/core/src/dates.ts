/** Dates are ISO 'YYYY-MM-DD' strings inside Bahi; other formats exist only at the edges. */

/** The date formats of spec section 5, in its order. Nothing else is accepted. */
export const SPEC_DATE_FORMATS = [
  'DD-MM-YYYY',
  'DD/MM/YYYY',
  'DD-MM-YY',
  'DD/MM/YY',
  'DD-MMM-YYYY',
  'DD-MMM-YY',
  'YYYY-MM-DD',
  'YYYY/MM/DD',
  'D-MMM-YYYY',
  'D MMM YYYY',
] as const;
export type SpecDateFormat = (typeof SPEC_DATE_FORMATS)[number];

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS = MONTH_NAMES.map((m) => m.toLowerCase());

// One pattern per format; groups d, m (number or name) and y (2 or 4 digits). 'D' accepts one or
// two digits, so '05 Jan 2024' and '5 Jan 2024' are both read.
const PATTERNS: Record<SpecDateFormat, RegExp> = {
  'DD-MM-YYYY': /^(?<d>\d{2})-(?<m>\d{2})-(?<y>\d{4})$/,
  'DD/MM/YYYY': /^(?<d>\d{2})\/(?<m>\d{2})\/(?<y>\d{4})$/,
  'DD-MM-YY': /^(?<d>\d{2})-(?<m>\d{2})-(?<y>\d{2})$/,
  'DD/MM/YY': /^(?<d>\d{2})\/(?<m>\d{2})\/(?<y>\d{2})$/,
  'DD-MMM-YYYY': /^(?<d>\d{2})-(?<m>[a-z]{3})-(?<y>\d{4})$/i,
  'DD-MMM-YY': /^(?<d>\d{2})-(?<m>[a-z]{3})-(?<y>\d{2})$/i,
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})$/,
  'YYYY/MM/DD': /^(?<y>\d{4})\/(?<m>\d{2})\/(?<d>\d{2})$/,
  'D-MMM-YYYY': /^(?<d>\d{1,2})-(?<m>[a-z]{3})-(?<y>\d{4})$/i,
  'D MMM YYYY': /^(?<d>\d{1,2}) (?<m>[a-z]{3}) (?<y>\d{4})$/i,
};

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

function toIso(year: number, month: number, day: number): string | null {
  if (!isCalendarDate(year, month, day)) return null;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

/** A real calendar date written exactly 'YYYY-MM-DD'. */
export function isIsoDate(text: string): boolean {
  return parseIso(text) !== null;
}

function parseIso(text: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isCalendarDate(year, month, day) ? { year, month, day } : null;
}

function requireIso(iso: string): { year: number; month: number; day: number } {
  const parts = parseIso(iso);
  if (!parts) throw new RangeError(`not an ISO date (YYYY-MM-DD): ${JSON.stringify(iso)}`);
  return parts;
}

/** Reads a date in one of SPEC_DATE_FORMATS (surrounding spaces ignored); two-digit years are 20YY. */
export function parseSpecDate(text: string): string | null {
  const t = text.trim();
  for (const format of SPEC_DATE_FORMATS) {
    const g = PATTERNS[format].exec(t)?.groups;
    if (!g) continue;
    const month = /\d/.test(g.m) ? Number(g.m) : MONTHS.indexOf(g.m.toLowerCase()) + 1;
    const year = g.y.length === 2 ? 2000 + Number(g.y) : Number(g.y);
    return toIso(year, month, Number(g.d));
  }
  return null;
}

/** Writes an ISO date in one of the spec's formats (month names as 'Jan'). Used by tests and exports. */
export function formatSpecDate(iso: string, format: SpecDateFormat): string {
  const { year, month, day } = requireIso(iso);
  const yyyy = String(year).padStart(4, '0');
  // The format's own letters say what goes where; longer tokens first, so 'YYYY' is not read as 'YY' twice.
  const parts: Record<string, string> = {
    YYYY: yyyy,
    YY: yyyy.slice(2),
    MMM: MONTH_NAMES[month - 1],
    MM: String(month).padStart(2, '0'),
    DD: String(day).padStart(2, '0'),
    D: String(day),
  };
  return format.replace(/YYYY|YY|MMM|MM|DD|D/g, (token) => parts[token]);
}

/** 'YYYY-MM-DD' -> 'DD-MM-YYYY', how every screen shows dates. Throws on a non-ISO date. */
export function formatDisplayDate(iso: string): string {
  // formatSpecDate(iso, 'DD-MM-YYYY') written out: the server formats two dates a row of every
  // statement it saves and answers (48,000 for 500 pages, ~40 ms through the format's pattern).
  const { year, month, day } = requireIso(iso);
  return `${pad2(day)}-${pad2(month)}-${String(year).padStart(4, '0')}`;
}

/** 'YYYY-MM-DD' -> 'YYYYMMDD', Tally's date. Throws on a non-ISO date. */
export function toTallyDate(iso: string): string {
  requireIso(iso);
  return iso.replaceAll('-', '');
}

// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil), so
// date arithmetic never touches time zones or Date's two-digit-year quirks.
function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const iso = toIso(year, month, day);
  if (!iso) throw new RangeError(`date out of range (years 1..9999): day ${n}`);
  return iso;
}

/** The ISO date `days` days after `iso` (negative goes back). Throws on a non-ISO date. */
export function addDays(iso: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`addDays: days must be a whole number: ${days}`);
  const { year, month, day } = requireIso(iso);
  return fromDayNumber(dayNumber(year, month, day) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). Throws on non-ISO dates. */
export function daysBetween(from: string, to: string): number {
  const a = requireIso(from);
  const b = requireIso(to);
  return dayNumber(b.year, b.month, b.day) - dayNumber(a.year, a.month, a.day);
}
