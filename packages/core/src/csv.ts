// The one CSV writer of the web app, the CLI and the server (RFC 4180 quoting), with formula
// defusing: a text cell starting with = + - @ TAB or CR is what spreadsheets run as a formula (or
// strip and then run), so it gets a leading ' and is shown as text. Plain numbers ("-120.50")
// stay numbers.

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** One CSV cell: null and undefined are empty, numbers as they are, text defused and quoted. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows to CSV text; `eol` ends every line (CRLF by default, as RFC 4180 says). */
export function toCsvText(
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
  eol = '\r\n',
): string {
  return rows.map((r) => r.map(csvCell).join(',')).join(eol) + eol;
}
