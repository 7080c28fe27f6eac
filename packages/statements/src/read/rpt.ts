// RPT reader: fixed-width text reports (core banking print files). Lines are kept exactly as
// printed except for the line ending and trailing spaces. A form feed (page break) becomes a line of its own holding
// just "\f", so parsers see page boundaries without the control character inside a line.
import { StatementError } from '../errors.ts';
import { MAX_TABLE_ROWS, tooManyRowsMessage } from './table-rows.ts';

export const FORM_FEED_LINE = '\f';

export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('latin1').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The report's lines (the text, or the file's bytes decoded) and its pages. At most MAX_TABLE_ROWS
 * lines are kept, blank ones between them included (trailing ones are dropped, so not counted): a
 * longer report is refused as it is read, before its lines are all held (issue 33: a 25 MB text of
 * blank lines, kept as 25 million lines, took a reader to its 512 MB cap after 6.3 s). The text is
 * walked a line and a page break at a time, never split whole.
 */
export function readRpt(input: Uint8Array | string): { lines: string[]; pageCount: number } {
  const text = typeof input === 'string' ? input : decodeText(input);
  const lines: string[] = [];
  // Blank lines not yet kept: kept before the next line that is not blank, dropped at the end.
  let blanks = 0;
  const keep = (line: string) => {
    if (line === '') {
      blanks++;
      return;
    }
    if (lines.length + blanks >= MAX_TABLE_ROWS)
      throw new StatementError('TOO_LARGE', {
        userMessage: tooManyRowsMessage('The file'),
        logMessage: `rpt: more than ${MAX_TABLE_ROWS} lines`,
      });
    for (; blanks > 0; blanks--) lines.push('');
    lines.push(line);
  };
  let pageCount = 1;
  let pageHasText = false;
  let start = 0;
  while (start <= text.length) {
    // the next line, up to \r\n, \n or \r
    let end = start;
    for (let c = text.charCodeAt(end); end < text.length && c !== 10 && c !== 13;) c = text.charCodeAt(++end);
    const raw = text.slice(start, end);
    start = end + (text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? 2 : 1);
    // its parts between form feeds
    const breaks = raw.includes('\f');
    for (let from = 0, first = true; from <= raw.length; first = false) {
      const ff = raw.indexOf('\f', from);
      const part = raw.slice(from, ff < 0 ? raw.length : ff);
      from = ff < 0 ? raw.length + 1 : ff + 1;
      if (!first) {
        keep(FORM_FEED_LINE);
        if (pageHasText) pageCount++;
        pageHasText = false;
      }
      if (part !== '' || !breaks) keep(part.trimEnd());
      if (part.trim() !== '') pageHasText = true;
    }
  }
  // A trailing form feed does not start a new page.
  if (!pageHasText && pageCount > 1) pageCount--;
  return { lines, pageCount };
}
