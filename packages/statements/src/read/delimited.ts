// Delimited text: a statement downloaded as CSV, or as tab-, semicolon- or comma-separated text
// (net-banking "Delimited" and "Text" downloads, sometimes named .xls, their fields often padded with
// spaces to line up). Its rows are a sheet's rows, so the parser reads it as it reads a workbook. A
// fixed-width report (RPT) is not delimited, though its amounts hold commas: its cells are set apart
// by runs of spaces inside what a comma would make one field.
//
// Every pass here is linear in the text: no regular expression that can backtrack runs on it.
import type { Sheet } from '../source.ts';

const DELIMITERS = ['\t', ',', ';', '|'] as const;
// A table has at least this many columns (date, narration, amount, balance).
const MIN_FIELDS = 4;
// Of the lines that split at all, this share must split into the table's number of fields.
const STEADY_SHARE = 0.6;
// A delimiter whose fields hold runs of spaces on more than this share of the table's lines splits a
// fixed-width report, not a delimited file (padding around a delimiter is trimmed first).
const REPORT_LINE_SHARE = 0.3;

/** One line's fields; double quotes enclose a field that holds the delimiter or a quote (""). */
export function splitFields(line: string, delimiter: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === delimiter) {
      out.push(field.trim());
      field = '';
    } else field += ch;
  }
  out.push(field.trim());
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

/** A field that holds a run of two or more spaces: cells of a fixed-width report, side by side. */
const spaced = (field: string) => field.includes('  ');

/** How often each count occurs; the most frequent count (the larger on a tie) and its frequency. */
function steadiest(rows: string[][]): { fields: number; lines: number } {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
  let best = { fields: 0, lines: 0 };
  for (const [fields, lines] of counts)
    if (lines > best.lines || (lines === best.lines && fields > best.fields)) best = { fields, lines };
  return best;
}

const NUMERIC_OR_DATE = /^[-+()\d.,/: ]*(?:cr|dr)?\.?$/i;

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
  const lines = textLines(text);
  if (lines.length < 2) return null;
  let best: { rows: string[][]; fields: number; steady: number; delimiter: string } | null = null;
  for (const d of DELIMITERS) {
    const rows = lines.map((l) => splitFields(l, d));
    const wide = rows.filter((r) => r.length >= MIN_FIELDS);
    if (wide.length < 2) continue;
    const { fields, lines: steady } = steadiest(wide);
    if (steady < STEADY_SHARE * wide.length || (best && steady <= best.steady)) continue;
    const table = wide.filter((r) => r.length === fields);
    if (d !== '\t' && table.filter((r) => r.some(spaced)).length > REPORT_LINE_SHARE * table.length) continue;
    best = { rows, fields, steady, delimiter: d };
  }
  if (!best) return null;
  const { fields, delimiter } = best;
  const narration = narrationColumn(
    best.rows.filter((r) => r.length === fields),
    fields,
  );
  const rows = best.rows.map((row) => {
    // (a trailing delimiter adds an empty field, not a narration's comma)
    let r = row;
    while (r.length > fields && r[r.length - 1] === '') r = r.slice(0, -1);
    const surplus = r.length - fields;
    if (surplus <= 0 || narration < 0) return r;
    const joined = r.slice(narration, narration + surplus + 1).join(`${delimiter} `);
    return [...r.slice(0, narration), joined, ...r.slice(narration + surplus + 1)];
  });
  return { name: 'Sheet1', rows: rows.map((r) => r.map(cellValue)) };
}
