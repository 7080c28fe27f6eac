// Delimited text: a statement downloaded as CSV, or as tab- or semicolon-separated text (net-banking
// "Delimited" and "Text" downloads, sometimes named .xls). Its rows are a sheet's rows, so the parser
// reads it as it reads a workbook. A fixed-width report (RPT) is not delimited, though its amounts
// hold commas: its cells are set apart by runs of spaces, and its lines split into no steady number
// of fields.
import type { Sheet } from '../source.ts';

const DELIMITERS = ['\t', ',', ';', '|'] as const;
// A table has at least this many columns (date, narration, amount, balance).
const MIN_FIELDS = 4;
// Of the lines that split at all, this share must split into the table's number of fields.
const STEADY_SHARE = 0.6;
// A fixed-width report sets most of its lines' cells apart with runs of spaces.
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

/**
 * The statement's rows when the text is delimited, else null (a report, or prose). Of the
 * delimiters that split it steadily, the one that splits most lines into the same number of fields
 * wins (a semicolon-separated file's grouped figures hold commas too).
 */
export function readDelimited(text: string): Sheet | null {
  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '');
  if (lines.length < 2) return null;
  const spaced = lines.filter((l) => / {2,}\S/.test(l.trim())).length;
  let best: { rows: string[][]; steady: number } | null = null;
  for (const d of DELIMITERS) {
    if (d !== '\t' && spaced > REPORT_LINE_SHARE * lines.length) continue;
    const rows = lines.map((l) => splitFields(l, d));
    const wide = rows.filter((r) => r.length >= MIN_FIELDS);
    if (wide.length < 2) continue;
    const counts = new Map<number, number>();
    for (const r of wide) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
    const steady = Math.max(...counts.values());
    if (steady < STEADY_SHARE * wide.length || (best && steady <= best.steady)) continue;
    best = { rows, steady };
  }
  return best && { name: 'Sheet1', rows: best.rows.map((r) => r.map((c) => (c === '' ? null : c))) };
}
