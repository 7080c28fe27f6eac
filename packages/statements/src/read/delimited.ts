// Delimited text: a statement downloaded as CSV, or as tab-, semicolon- or comma-separated text
// (net-banking "Delimited" and "Text" downloads, sometimes named .xls, their fields often padded with
// spaces to line up). Its rows are a sheet's rows, so the parser reads it as it reads a workbook. A
// fixed-width report (RPT) is not delimited, though its amounts hold commas: its cells are set apart
// by runs of spaces inside what a comma would make one field.
//
// Every pass here is linear in the text: no regular expression that can backtrack runs on it.
import type { Sheet } from '../source.ts';
import { StatementError } from '../errors.ts';
import { checkTextRows, isSpace } from './table-rows.ts';
import { MAX_XLSX_CELLS } from './xlsx.ts';

const DELIMITERS = ['\t', ',', ';', '|'] as const;
// A table has at least this many columns (date, narration, amount, balance).
const MIN_FIELDS = 4;
// Of the lines that split at all, this share must split into the table's number of fields.
const STEADY_SHARE = 0.6;
// A delimiter that cuts figures out of runs of spaces on more than this share of the table's lines
// splits a fixed-width report, not a delimited file (padding around a delimiter is trimmed first).
const REPORT_LINE_SHARE = 0.3;

/**
 * One line's fields; double quotes enclose a field that holds the delimiter or a quote (""). A
 * field is taken as slices of the line, not a character at a time: each delimiter of each line of
 * a 200,000-row file is tried, and the strings built char by char were most of the reader's memory.
 */
export function splitFields(line: string, delimiter: string): string[] {
  const out: string[] = [];
  const d = delimiter.charCodeAt(0);
  let field = ''; // the field before `from`
  let from = 0; // where the stretch of the line not yet in `field` starts
  let blank = true; // nothing but whitespace in the field so far
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (quoted) {
      if (c === 34 /* " */) {
        field += line.slice(from, i);
        if (line.charCodeAt(i + 1) === 34) {
          field += '"';
          blank = false;
          i++;
        } else quoted = false;
        from = i + 1;
      } else if (blank && !isSpace(c)) blank = false;
    } else if (c === 34 && blank) {
      quoted = true;
      field = '';
      from = i + 1;
    } else if (c === d) {
      out.push((field + line.slice(from, i)).trim());
      field = '';
      from = i + 1;
      blank = true;
    } else if (blank && !isSpace(c)) blank = false;
  }
  out.push((field + line.slice(from)).trim());
  return out;
}

/** The text's lines, without empty ones (any line ending). */
function textLines(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    const ch = text[i];
    if (i < text.length && ch !== '\n' && ch !== '\r') continue;
    const line = text.slice(start, i);
    if (line.trim() !== '') out.push(line);
    if (ch === '\r' && text[i + 1] === '\n') i++;
    start = i + 1;
  }
  return out;
}

const isFigureChar = (c: number) => (c >= 48 && c <= 57) || c === 46; /* 0-9 . */

/**
 * A field a delimiter cut out of a fixed-width report: a figure's piece a run of spaces from the
 * rest of the field ('200.00       1' of '1,200.00       1,23,456.00', or 'NEFT-SUPREME     1'). A
 * bank's delimited download pads its text fields too ('NEFT INB: NXEOKJYGV9       TRANSFER TO ...',
 * 'CHEQUE-WQN   161628671-150256'): spaces inside a narration prove nothing.
 */
function cutFigure(field: string): boolean {
  if (!field.includes('  ')) return false;
  let end = field.length;
  while (end > 0 && isFigureChar(field.charCodeAt(end - 1))) end--;
  if (end < field.length && end >= 2 && field[end - 1] === ' ' && field[end - 2] === ' ') return true;
  let start = 0;
  while (start < field.length && isFigureChar(field.charCodeAt(start))) start++;
  return start > 0 && field[start] === ' ' && field[start + 1] === ' ';
}

/** Of the lines' field counts (count -> lines), the most frequent (the larger on a tie) and its lines. */
function steadiest(byCount: Map<number, number>): { fields: number; lines: number } {
  let best = { fields: 0, lines: 0 };
  for (const [fields, lines] of byCount)
    if (lines > best.lines || (lines === best.lines && fields > best.fields)) best = { fields, lines };
  return best;
}

const NUMERIC_OR_DATE = /^[-+()\d.,/: ]*(?:cr|dr)?\.?$/i;
const isFigureOrDate = (v: string) => /\d/.test(v) && NUMERIC_OR_DATE.test(v);

/**
 * The column of free text (the narration): of the table's rows, the column whose cells are most
 * often text, and longest. A delimiter the bank left unquoted inside a narration adds fields there.
 */
function narrationColumn(rows: string[][], fields: number): number {
  let best = -1;
  let bestScore = 0;
  for (let c = 0; c < fields; c++) {
    let score = 0;
    for (const r of rows) {
      const v = r[c] ?? '';
      if (v !== '' && !NUMERIC_OR_DATE.test(v)) score += v.length;
    }
    if (score > bestScore) [best, bestScore] = [c, score];
  }
  return best;
}

/** A field as a cell: empty is null; Excel's text formula ="0012" (kept leading zeros) is its text. */
function cellValue(field: string): string | null {
  if (field === '') return null;
  return field.startsWith('="') && field.endsWith('"') && field.length >= 3 ? field.slice(2, -1) : field;
}

/**
 * The statement's rows when the text is delimited, else null (a report, or prose). Of the
 * delimiters that split it steadily, the one that splits most lines into the same number of fields
 * wins (a semicolon-separated file's grouped figures hold commas too). A row with more fields than
 * the table's has the bank's unquoted delimiter inside its narration: the surplus is joined back.
 */
export function readDelimited(text: string): Sheet | null {
  // Counted before a line is kept or a delimiter tried: past the bound, a reader runs out of memory
  // parsing the rows (a 200,000-row CSV ended "needs too much memory" after 43 s), and judging the
  // four delimiters on each of 200,000 lines was most of the time it took to refuse it (issue 33).
  checkTextRows(text, 'delimited');
  const lines = textLines(text);
  if (lines.length < 2) return null;
  // Each delimiter is judged on each line's field count and spacing only: the fields themselves are
  // dropped as soon as they are counted, and only the winner's are kept. Keeping every delimiter's
  // split (200,000 rows of arrays, four times) made a long CSV outgrow its reader (issue 37).
  const counts = new Int32Array(lines.length);
  const cutLines = new Uint8Array(lines.length);
  let best: { fields: number; steady: number; delimiter: string; cells: number } | null = null;
  for (const d of DELIMITERS) {
    let wide = 0;
    let cells = 0;
    const byCount = new Map<number, number>();
    for (let i = 0; i < lines.length; i++) {
      const r = splitFields(lines[i]!, d);
      counts[i] = r.length;
      cells += r.length;
      cutLines[i] = r.some(cutFigure) ? 1 : 0;
      if (r.length < MIN_FIELDS) continue;
      wide++;
      byCount.set(r.length, (byCount.get(r.length) ?? 0) + 1);
    }
    if (wide < 2) continue;
    const { fields, lines: steady } = steadiest(byCount);
    if (steady < STEADY_SHARE * wide || (best && steady <= best.steady)) continue;
    if (d !== '\t') {
      let cutTable = 0;
      for (let i = 0; i < lines.length; i++) if (counts[i] === fields && cutLines[i]) cutTable++;
      if (cutTable > REPORT_LINE_SHARE * steady) continue;
    }
    best = { fields, steady, delimiter: d, cells };
  }
  if (!best) return null;
  // A table's cells are bounded as a workbook's are, before its fields are split and kept: rows
  // alone let 50,000 rows of 160 short fields (25 MB) take a reader to its 512 MB cap after 24 s
  // (issue 33, session 11).
  if (best.cells > MAX_XLSX_CELLS)
    throw new StatementError('TOO_LARGE', {
      userMessage: `The file has more than ${MAX_XLSX_CELLS.toLocaleString('en-IN')} cells: too large to be a bank statement. Split it into shorter periods and try again.`,
      logMessage: `delimited: ${best.cells} cells`,
    });
  const { fields, delimiter } = best;
  const split = lines.map((l) => splitFields(l, delimiter));
  const narration = narrationColumn(
    split.filter((r) => r.length === fields),
    fields,
  );
  const rows = split.map((row) => {
    // (a trailing delimiter adds an empty field, not a narration's comma)
    let r = row;
    while (r.length > fields && r[r.length - 1] === '') r = r.slice(0, -1);
    const surplus = r.length - fields;
    // (only a row of the table: a heading line longer than the rows names columns with nothing
    // under them, and its words are no narration)
    if (surplus > 0 && narration >= 0 && r.some(isFigureOrDate)) {
      const joined = r.slice(narration, narration + surplus + 1).join(`${delimiter} `);
      r = [...r.slice(0, narration), joined, ...r.slice(narration + surplus + 1)];
    }
    return r.map(cellValue);
  });
  return { name: 'Sheet1', rows };
}
