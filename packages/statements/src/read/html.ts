// HTML tables saved with an .xls name (what several net-banking portals call an "Excel download").
// Each <table> becomes a sheet of dense rows of text cells, as a person sees the grid: a cell's
// colspan and rowspan keep the cells after it in their columns. One linear pass over the text: no
// DOM, no backtracking regular expressions. Cells stay text (amounts and dates as printed), like
// the words of a PDF page.
import { StatementError } from '../errors.ts';
import type { Cell, Sheet } from '../source.ts';
import { decodeText } from './rpt.ts';
import { MAX_SHEET_CELLS, MAX_XLS_SHEETS } from './xls.ts';
import { MAX_TABLE_ROWS } from './table-rows.ts';

/** A row wider than this is not a statement (and a huge colspan must not allocate). */
const MAX_HTML_COLUMNS = 1024;
const HEAD_BYTES = 4096;

const HTML_START =
  /^\s*(?:<\?xml[^>]{0,200}>\s*)?<(?:!doctype\s+html|html|head|body|table|meta|style|title)[\s>]/i;
const TABLE_TAG = /<table[\s>]/i;

/**
 * Text that is an HTML document with a table: it starts like HTML (or has a <table> in its first
 * 4 KB) and has a <table> somewhere. Called only on bytes that look like text.
 */
export function isHtmlTable(bytes: Uint8Array): boolean {
  let head = Buffer.from(bytes.subarray(0, HEAD_BYTES)).toString('latin1');
  if (head.startsWith('\xef\xbb\xbf')) head = head.slice(3);
  if (TABLE_TAG.test(head)) return true;
  if (!HTML_START.test(head)) return false;
  return TABLE_TAG.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}

function decodeHtml(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, HEAD_BYTES)).toString('latin1');
  const charset = /charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // unknown label: fall through to UTF-8 with a Latin-1 fallback
    }
  }
  return decodeText(bytes);
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  hellip: '…',
  rupee: '₹',
};

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

const COLSPAN = /(?:^|\s)colspan\s*=\s*["']?(\d{1,7})/i;
const ROWSPAN = /(?:^|\s)rowspan\s*=\s*["']?(\d{1,7})/i;

function span(attrs: string, re: RegExp, max: number): number {
  const m = attrs.length > 0 && /span/i.test(attrs) ? re.exec(attrs) : null;
  return m ? Math.min(Math.max(1, Number(m[1])), max) : 1;
}

interface Table {
  rows: Cell[][];
  row: Cell[] | null;
  /** text parts of the open cell, or null when no cell is open */
  cell: string[] | null;
  colspan: number;
  rowspan: number;
  /** the column after the last cell of the open row, its colspan included */
  nextCol: number;
  /** for each column, the last row index a cell spanning down from above covers */
  coveredTo: number[];
}

export function readHtmlTables(bytes: Uint8Array): { sheets: Sheet[] } {
  const html = decodeHtml(bytes);
  const tables: Table[] = [];
  const stack: Table[] = [];
  let totalRows = 0;
  let totalCells = 0;

  const tooLarge = (logMessage: string) =>
    new StatementError('TOO_LARGE', {
      userMessage: 'The Excel file is too large to be a bank statement.',
      logMessage,
    });

  const closeCell = (t: Table) => {
    if (!t.cell) return;
    const text = decodeEntities(t.cell.join(''))
      .replace(/[\s\u00a0]+/g, ' ')
      .trim();
    t.cell = null;
    const row = (t.row ??= []);
    const r = t.rows.length;
    // The columns a colspan covers are filled only when a cell follows, so a wide last cell costs nothing.
    let col = Math.max(row.length, t.nextCol);
    while ((t.coveredTo[col] ?? -1) >= r) col++;
    if (col + t.colspan > MAX_HTML_COLUMNS)
      throw tooLarge(`html: row wider than ${MAX_HTML_COLUMNS} columns`);
    if (text !== '') {
      totalCells += col + 1 - row.length;
      if (totalCells > MAX_SHEET_CELLS) throw tooLarge(`html: more than ${MAX_SHEET_CELLS} cells`);
      while (row.length < col) row.push(null);
      row.push(text);
    }
    t.nextCol = col + t.colspan;
    if (t.rowspan > 1) {
      for (let i = col; i < col + t.colspan; i++) t.coveredTo[i] = r + t.rowspan - 1;
    }
  };
  const closeRow = (t: Table) => {
    closeCell(t);
    if (!t.row) return;
    const row = t.row;
    t.row = null;
    t.nextCol = 0;
    t.rows.push(row);
    if (++totalRows > MAX_TABLE_ROWS) throw tooLarge(`html: more than ${MAX_TABLE_ROWS} rows`);
  };

  const rawText = /<\/(script|style)[\s>]/gi;
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    const end = lt < 0 ? html.length : lt;
    const top = stack[stack.length - 1];
    if (top?.cell && end > i) top.cell.push(html.slice(i, end));
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close < 0 ? html.length : close + 3;
      continue;
    }
    // The tag runs to the first '>' outside quotes.
    let j = lt + 1;
    let quote = '';
    for (; j < html.length; j++) {
      const ch = html[j];
      if (quote) {
        if (ch === quote) quote = '';
      } else if (ch === '"' || ch === "'") {
        // quotes only matter inside attributes, i.e. after the tag name
        if (j > lt + 1 && /\s|=/.test(html[j - 1]!)) quote = ch;
      } else if (ch === '>') break;
    }
    const tag = html.slice(lt + 1, j);
    i = j + 1;
    const m = /^(\/?)([a-zA-Z][\w:-]*)/.exec(tag);
    if (!m) {
      // '<' that starts no tag is text
      if (top?.cell) top.cell.push(html.slice(lt, i));
      continue;
    }
    const closing = m[1] === '/';
    const name = m[2]!.toLowerCase();
    const t = stack[stack.length - 1];
    switch (name) {
      case 'script':
      case 'style':
        if (!closing) {
          rawText.lastIndex = i;
          const close = rawText.exec(html);
          i = close ? close.index : html.length;
        }
        break;
      case 'table':
        if (closing) {
          if (t) {
            closeRow(t);
            stack.pop();
          }
        } else {
          const table: Table = {
            rows: [],
            row: null,
            cell: null,
            colspan: 1,
            rowspan: 1,
            nextCol: 0,
            coveredTo: [],
          };
          tables.push(table);
          stack.push(table);
        }
        break;
      case 'tr':
        if (t) closeRow(t);
        break;
      case 'td':
      case 'th':
        if (!t) break;
        closeCell(t);
        if (!closing) {
          t.cell = [];
          const attrs = tag.slice(m[0].length);
          t.colspan = span(attrs, COLSPAN, MAX_HTML_COLUMNS);
          t.rowspan = span(attrs, ROWSPAN, MAX_TABLE_ROWS);
        }
        break;
      case 'br':
      case 'p':
      case 'div':
      case 'li':
        if (t?.cell) t.cell.push(' ');
        break;
      default:
        break;
    }
  }
  for (const t of stack) closeRow(t);

  const sheets: Sheet[] = [];
  for (const t of tables) {
    if (!t.rows.some((r) => r.length > 0)) continue;
    while (t.rows.length > 0 && t.rows[t.rows.length - 1]!.length === 0) t.rows.pop();
    if (sheets.length === MAX_XLS_SHEETS) throw tooLarge(`html: more than ${MAX_XLS_SHEETS} tables`);
    sheets.push({ name: `Table ${sheets.length + 1}`, rows: t.rows });
  }
  if (sheets.length === 0) {
    throw new StatementError('UNREADABLE', {
      userMessage: 'The file is a web page (HTML) without a table of transactions.',
      logMessage: 'html: no table with cells',
    });
  }
  return { sheets };
}
