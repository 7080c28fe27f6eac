// RPT reader: fixed-width text reports (core banking print files). Lines are kept exactly as
// printed except for the line ending and trailing spaces. A form feed (page break) becomes a line of its own holding
// just "\f", so parsers see page boundaries without the control character inside a line.

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

export function readRpt(bytes: Uint8Array): { lines: string[]; pageCount: number } {
  const text = decodeText(bytes);
  const lines: string[] = [];
  let pageCount = 1;
  let pageHasText = false;
  for (const raw of text.split(/\r\n|\n|\r/)) {
    const parts = raw.split('\f');
    parts.forEach((part, i) => {
      if (i > 0) {
        lines.push(FORM_FEED_LINE);
        if (pageHasText) pageCount++;
        pageHasText = false;
      }
      if (part !== '' || parts.length === 1) lines.push(part.trimEnd());
      if (part.trim() !== '') pageHasText = true;
    });
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  // A trailing form feed does not start a new page.
  if (!pageHasText && pageCount > 1) pageCount--;
  return { lines, pageCount };
}
