// Page furniture: what every page prints around its table (the bank's name, the account's line, a
// disclaimer), told from the table by being printed again at the same edge of other pages: at the
// foot of every page word for word (pageFeet); at the top of a later page as atop the first, digits
// aside and word for word nowhere in the rows (pageFurniture, the sequence read's), or word for word
// (pageTops, the rows stage's). A narration carried to a page's top may be printed alike atop two
// pages, never atop the first.
import { hasFigure } from './amount.ts';
import { type Line, nextLineClose } from './lines.ts';

const TIME_OF_DAY = /\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?/gi;

/**
 * A line's words with its digits aside: what a page number, a date or a figure run into a sentence
 * changes from page to page ('Account No : 1234 Page 2' and '... Page 3' alike).
 */
function digitsAsideOf(text: string): string {
  return text.replace(/\d+/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The lines at the edge of each page, from `from`'s order (the page's top, or reversed its foot) up
 * to the first line `edgeEnd` names, whose `shape` at least `least` pages print there.
 */
function edgeLines(
  from: Line[],
  edgeEnd: (l: Line) => boolean,
  least: number,
  shape: (l: Line) => string | null,
): Set<Line> {
  const edges = new Map<number, Line[]>();
  const done = new Set<number>();
  for (const l of from) {
    if (done.has(l.page)) continue;
    if (edgeEnd(l)) {
      done.add(l.page);
      continue;
    }
    const on = edges.get(l.page);
    if (on) on.push(l);
    else edges.set(l.page, [l]);
  }
  const pages = new Map<string, Set<number>>();
  for (const [page, on] of edges)
    for (const l of on) {
      const key = shape(l);
      if (key === null) continue;
      const seen = pages.get(key);
      if (seen) seen.add(page);
      else pages.set(key, new Set([page]));
    }
  const found = new Set<Line>();
  for (const on of edges.values())
    for (const l of on) {
      const key = shape(l);
      if (key !== null && (pages.get(key)?.size ?? 0) >= least) found.add(l);
    }
  return found;
}

/**
 * The lines a page prints below its last row that every page prints there, word for word, a
 * sentence, and no row's narration holds higher up a page ('This is a computer generated statement
 * ...'): its foot starts under its last row, where that row's narration may wrap
 * ('678-418869006004-SCHOOL FEE'). `digitsAside`: on two pages at least, digits aside (a page number,
 * a stray figure run into the sentence), as a measure only; the rows stage takes the strict feet.
 */
export function pageFeet(lines: Line[], edgeEnd: (l: Line) => boolean, digitsAside = false): Set<Line> {
  const pageCount = new Set(lines.map((l) => l.page)).size;
  const shape = (l: Line) => (digitsAside ? digitsAsideOf(l.text) : l.text);
  const feet = onlyAt(
    edgeLines([...lines].reverse(), edgeEnd, digitsAside ? 2 : Math.max(2, pageCount), (l) =>
      l.text.split(' ').length < 4 ? null : shape(l),
    ),
    lines,
  );
  // a foot is set apart from the rows on some page: lines set as close under the last row as its
  // wrapped lines on every page are that row's narration (a long standard narration ending the last
  // row of every page alike)
  const apart = new Set<string>();
  const tops = new Set<number>();
  for (const [k, l] of lines.entries()) {
    if (!feet.has(l) || tops.has(l.page)) continue;
    tops.add(l.page);
    const above = lines[k - 1];
    if (!above || !nextLineClose(above, l)) for (const f of feet) if (f.page === l.page) apart.add(shape(f));
  }
  for (const l of feet) if (!apart.has(shape(l))) feet.delete(l);
  return feet;
}

/** `edge` without the lines whose words the statement prints elsewhere too: a row's narration. */
function onlyAt(edge: Set<Line>, lines: Line[], elsewhere: (l: Line) => boolean = () => true): Set<Line> {
  const count = (of: Iterable<Line>) => {
    const n = new Map<string, number>();
    for (const l of of) n.set(l.text, (n.get(l.text) ?? 0) + 1);
    return n;
  };
  const atEdge = count(edge);
  const anywhere = count(lines.filter((l) => edge.has(l) || elsewhere(l)));
  for (const l of edge) if (atEdge.get(l.text) !== anywhere.get(l.text)) edge.delete(l);
  return edge;
}

/**
 * The lines a page prints above its first row, or below its last, that other pages print there too
 * (digits aside: 'Account No : 1234 Page 2'; the foot's as pageFeet): the bank's name, the account's
 * line, a disclaimer. A top is furniture where each of its figures is the same on every page that
 * prints it or counts the pages, and where the first page prints it atop its own table too or one of
 * its figures is the page's number ('Account No : 1234 Page 2' atop the later pages only). A row's
 * narration going on atop two pages alike is neither: its figures differ ('839-SENT USING PAYTM',
 * '1590758774-SENT USING PAYTM'), or it has none and the first page's top never prints it ('ORDER
 * DATED EARLIER AS PER'). (A page's top ends at its header or first row: under a header the lines
 * are the table's, a narration going on from the page before.)
 */
export function pageFurniture(lines: Line[], edgeEnd: (l: Line) => boolean): Set<Line> {
  const feet = pageFeet(lines, edgeEnd);
  const tops = edgeLines(lines, edgeEnd, 2, (l) => digitsAsideOf(l.text));
  const alike = new Map<string, Line[]>();
  for (const l of tops) {
    const key = digitsAsideOf(l.text);
    const seen = alike.get(key);
    if (seen) seen.push(l);
    else alike.set(key, [l]);
  }
  const firstPage = lines[0]?.page;
  for (const group of alike.values()) {
    // (a print's clock is no figure to fit: a browser prints its time of day atop each page, and the
    // minutes run on, '31 Aug 2024, 10:40 AM' .. '10:49 AM')
    const figures = group.map((l) => l.text.replace(TIME_OF_DAY, ' ').match(/\d+/g) ?? []);
    const same = (k: number) => figures.every((fs) => fs[k] === figures[0]![k]);
    const counts = (k: number) =>
      figures.every((fs, m) => Number(fs[k]) - group[m]!.page === Number(figures[0]![k]) - group[0]!.page);
    const each = figures[0]!.map((_, k) => k);
    const furniture =
      each.every((k) => same(k) || counts(k)) &&
      (group.some((l) => l.page === firstPage) || each.some((k) => !same(k) && counts(k)));
    if (!furniture) for (const l of group) tops.delete(l);
  }
  const out = onlyAt(tops, lines, (l) => !feet.has(l));
  for (const l of feet) out.add(l);
  return out;
}

/**
 * A page's top furniture as the rows stage takes it: the lines a later page prints above its header
 * or its first line of figures that the first page prints above its own, word for word ('Union Bank
 * of India'). A row's narration going on at a page's top is set there too, and may be printed alike
 * on another page's top (a narration's boilerplate), but never above the first page's header; with
 * digits aside it could be printed alike above the first page's first row, where narrations are set
 * above their date line ('UPI/P2A/406292285668/VENKATESH', 'UPI/P2A/407875798280/VENKATESH').
 */
export function pageTops(lines: Line[], isHeader: (i: number) => boolean): Set<Line> {
  const shape = (l: Line) => l.text;
  const first = new Set<string>();
  const found = new Set<Line>();
  let page = -1;
  let top = false;
  for (const [i, l] of lines.entries()) {
    if (l.page !== page) [page, top] = [l.page, true];
    if (!top) continue;
    if (isHeader(i) || hasFigure(l.text)) top = false;
    else if (l.page === lines[0]!.page) first.add(shape(l));
    else if (first.has(shape(l))) found.add(l);
  }
  return found;
}
