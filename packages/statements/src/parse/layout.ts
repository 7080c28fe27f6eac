// Positioned lines: the common shape of PDF pages (words grouped by baseline) and fixed-width
// reports (character columns as x). The table reader only sees these.
import type { Page } from '../source.ts';

export interface Run {
  text: string;
  x0: number;
  x1: number;
}

export interface Line {
  page: number;
  /** top of the line, page units (report: line index) */
  y: number;
  /** typical text height on the line (report: 1) */
  height: number;
  runs: Run[];
  text: string;
}

// Words whose tops differ by less than this fraction of the text height share a line. Cells of one
// row are drawn at the same baseline (differences are rounding), while wrapped lines are a full line
// height apart, so half a height separates the two cases with room on both sides.
const SAME_LINE_FRACTION = 0.5;

export function pageLines(page: Page): Line[] {
  const words = page.words
    .filter((w) => w.text.trim() !== '')
    .map((w) => ({
      text: w.text.replace(/\s+/g, ' ').trim(),
      x0: w.x,
      x1: w.x + w.width,
      y: w.y,
      h: w.height || 8,
    }))
    .sort((a, b) => a.y - b.y || a.x0 - b.x0);
  const lines: Line[] = [];
  let cur: typeof words = [];
  const flush = () => {
    if (!cur.length) return;
    const runs = cur.sort((a, b) => a.x0 - b.x0).map((w) => ({ text: w.text, x0: w.x0, x1: w.x1 }));
    const heights = cur.map((w) => w.h).sort((a, b) => a - b);
    lines.push({
      page: page.number,
      y: Math.min(...cur.map((w) => w.y)),
      height: heights[heights.length >> 1]!,
      runs,
      text: runs.map((r) => r.text).join(' '),
    });
    cur = [];
  };
  for (const w of words) {
    if (cur.length && Math.abs(w.y - cur[0]!.y) > SAME_LINE_FRACTION * Math.max(w.h, cur[0]!.h)) flush();
    cur.push(w);
  }
  flush();
  return lines;
}

// In a fixed-width report two or more spaces separate cells; a single space is part of a cell.
const REPORT_CELL_GAP = /\s{2,}/;

/** Report lines; a form feed starts a new page. */
export function reportLines(raw: string[]): Line[] {
  const lines: Line[] = [];
  let page = 1;
  let y = 0;
  for (let text of raw) {
    text = text.replace(/\r$/, '');
    while (text.includes('\f')) {
      const i = text.indexOf('\f');
      if (text.slice(0, i).trim()) lines.push(reportLine(text.slice(0, i), page, y++));
      page++;
      text = text.slice(i + 1);
    }
    y++;
    if (!text.trim()) continue;
    lines.push(reportLine(text, page, y));
  }
  return lines;
}

function reportLine(text: string, page: number, y: number): Line {
  const runs: Run[] = [];
  const re = new RegExp(REPORT_CELL_GAP.source, 'g');
  let start = 0;
  const push = (end: number) => {
    const cell = text.slice(start, end);
    const lead = cell.length - cell.trimStart().length;
    const t = cell.trim();
    if (t) runs.push({ text: t, x0: start + lead, x1: start + lead + t.length });
  };
  for (const m of text.matchAll(re)) {
    push(m.index);
    start = m.index + m[0].length;
  }
  push(text.length);
  return { page, y, height: 1, runs, text: runs.map((r) => r.text).join(' ') };
}

/** Splits a run into its space-separated words with x positions estimated from character counts. */
export function runWords(run: Run): Run[] {
  const parts = run.text.split(' ');
  if (parts.length === 1) return [run];
  const per = (run.x1 - run.x0) / Math.max(run.text.length, 1);
  const out: Run[] = [];
  let i = 0;
  for (const p of parts) {
    out.push({ text: p, x0: run.x0 + i * per, x1: run.x0 + (i + p.length) * per });
    i += p.length + 1;
  }
  return out;
}
