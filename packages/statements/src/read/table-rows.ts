// The one bound on a statement's rows, for every kind of file that is a table or a list of lines
// (XLSX, .xls, HTML tables, delimited text, printed reports), and the count of a text's lines that
// applies it before any line is kept.
import { StatementError } from '../errors.ts';

/**
 * Most rows a statement's table may have, in any workbook (XLSX, .xls, HTML table), delimited text
 * (delimited.ts) or printed report (rpt.ts: its lines), counted before a row is parsed. What passes
 * a reader's 512 MB is the parse of the rows, not their read (issue 33, session 10, through the
 * reader pool, six columns): 124,999 rows read and parsed at **441 MB**; 150,000 and 199,999 ended
 * "needs too much memory" at the cap after 30-72 s (a CSV read alone holds 46 MB, its lines 100 MB
 * more, the parse ~2 KB a row at its peak). A year of a busy current account is ~124,000 rows
 * (decision 052).
 */
export const MAX_TABLE_ROWS = 125_000;

/** The user's words for a file past MAX_TABLE_ROWS ("The Excel file", "The file"). */
export function tooManyRowsMessage(subject: string): string {
  return `${subject} has more than ${MAX_TABLE_ROWS.toLocaleString('en-IN')} rows: too many to be a bank statement. Split it into shorter periods and try again.`;
}

/** Whitespace as String.prototype.trim and \s read it (the two share one definition). */
export function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  return c > 127 && /\s/.test(String.fromCharCode(c));
}

/**
 * The text's lines that hold more than whitespace (any line ending: \r\n, \n, \r), counted without
 * keeping one, up to `stopAfter` (the count stops once past it).
 */
export function countTextLines(text: string, stopAfter = Infinity): number {
  let count = 0;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      if (!blank && ++count > stopAfter) return count;
      blank = true;
    } else if (blank && !isSpace(c)) blank = false;
  }
  return blank ? count : count + 1;
}

/**
 * Refuse a text of more than MAX_TABLE_ROWS lines holding anything, before its lines are split,
 * judged or kept: a delimited file's rows are its lines, and a printed report's lines are what its
 * parse holds (issue 33: a 25 MB text of one-character lines took a reader to its 512 MB cap after
 * 7.6 s as 12.5 million kept lines; a 200,000-row CSV was refused only after each of four
 * delimiters had split every line).
 */
export function checkTextRows(text: string, what: string): void {
  const lines = countTextLines(text, MAX_TABLE_ROWS);
  if (lines > MAX_TABLE_ROWS)
    throw new StatementError('TOO_LARGE', {
      userMessage: tooManyRowsMessage('The file'),
      logMessage: `${what}: more than ${MAX_TABLE_ROWS} lines`,
    });
}
