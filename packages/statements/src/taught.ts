// Layouts the user taught (issue 17): what identifies a statement's shape (page size and the words
// of the heading line above the first transaction row), and whether another file has that shape.
// Pure; the parser does the reading with the layout (parseStatement(doc, { layout })).
import type { TaughtLayout } from './parse/index.ts';
import type { SourceDocument, Word } from './source.ts';

export interface LayoutSignature {
  pageWidth: number;
  pageHeight: number;
  /** the words of the heading line (lower case, letters only), in reading order */
  heading: string[];
  /** top of that heading line on the taught page */
  headingY: number;
}

const wordKey = (w: Word) => w.text.toLowerCase().replace(/[^a-z]/g, '');

/**
 * The line of words nearest above the first row at `top` (within `max` units), or [] with its y.
 * `top` may be anywhere on the first row (a click on it): the row's own words are not the heading.
 */
function rowTop(words: Word[], top: number): number {
  // the row the click is on: its words' top, or the nearest row within a line's height
  const on = words.filter((w) => w.y <= top && w.y + w.height >= top);
  if (on.length) return Math.min(...on.map((w) => w.y));
  const near = words.filter((w) => Math.abs(w.y - top) < 12);
  return near.length ? near.reduce((a, b) => (Math.abs(b.y - top) < Math.abs(a.y - top) ? b : a)).y : top;
}

/** The layout with its first row's top on the top of the row the user marked (a click anywhere on it). */
export function snapLayout(doc: SourceDocument, layout: TaughtLayout): TaughtLayout {
  if (doc.kind !== 'pages') return layout;
  const page = doc.pages.find((p) => p.number === layout.page);
  return page ? { ...layout, top: rowTop(page.words, layout.top) } : layout;
}

function lineAbove(words: Word[], top: number, max = 80): { words: Word[]; y: number } {
  const rowY = rowTop(words, top);
  const above = words.filter((w) => w.y < rowY - 3 && w.y > rowY - max && wordKey(w).length >= 2);
  if (above.length === 0) return { words: [], y: top };
  const y = Math.max(...above.map((w) => w.y));
  return { words: above.filter((w) => Math.abs(w.y - y) <= 2).sort((a, b) => a.x - b.x), y };
}

/** The signature of the taught page, or null for documents that are not pages (sheets, reports). */
export function layoutSignature(doc: SourceDocument, layout: TaughtLayout): LayoutSignature | null {
  if (doc.kind !== 'pages') return null;
  const page = doc.pages.find((p) => p.number === layout.page);
  if (!page) return null;
  const line = lineAbove(page.words, layout.top);
  return {
    pageWidth: Math.round(page.width),
    pageHeight: Math.round(page.height),
    heading: line.words.map(wordKey).filter(Boolean),
    headingY: line.y,
  };
}

/**
 * The layout moved to this document when it has the taught shape (same page size, a line holding
 * the heading words on the taught page), else null. A heading printed lower or higher moves the
 * first row with it.
 */
export function fitLayout(
  doc: SourceDocument,
  layout: TaughtLayout,
  sig: LayoutSignature,
): TaughtLayout | null {
  if (doc.kind !== 'pages' || sig.heading.length === 0) return null;
  const page = doc.pages.find((p) => p.number === layout.page);
  if (!page) return null;
  if (Math.abs(page.width - sig.pageWidth) > 2 || Math.abs(page.height - sig.pageHeight) > 2) return null;
  const want = new Set(sig.heading);
  const lines = new Map<number, Set<string>>();
  for (const w of page.words) {
    const key = wordKey(w);
    if (!want.has(key)) continue;
    const y = [...lines.keys()].find((k) => Math.abs(k - w.y) <= 2) ?? w.y;
    if (!lines.has(y)) lines.set(y, new Set());
    lines.get(y)!.add(key);
  }
  let best: { y: number; n: number } | null = null;
  for (const [y, set] of lines) if (!best || set.size > best.n) best = { y, n: set.size };
  if (!best || best.n < Math.max(1, Math.ceil(want.size * 0.8))) return null;
  return snapLayout(doc, { ...layout, top: layout.top + (best.y - sig.headingY) });
}

/** How well a read balances: its rows, its accounts that reconcile and its balance breaks. */
export interface ReadQuality {
  rows: number;
  /** every account with rows reconciles */
  ok: boolean;
  breaks: number;
}

export function readQuality(result: {
  accounts: { transactions: unknown[]; reconciliation: { ok: boolean; breaks: unknown[] } }[];
}): ReadQuality {
  const read = result.accounts.filter((a) => a.transactions.length > 0);
  return {
    rows: read.reduce((n, a) => n + a.transactions.length, 0),
    ok: read.length > 0 && read.every((a) => a.reconciliation.ok),
    breaks: read.reduce((n, a) => n + a.reconciliation.breaks.length, 0),
  };
}

/**
 * Which read to show when a taught layout fits the file (issue 34): the built-in read unless it
 * failed (no rows) or balances worse than the taught one (it does not reconcile where the taught
 * read does, or it has more balance breaks). A tie goes to the built-in read: a layout taught on
 * one statement must not undo a read that is right on another.
 */
export function preferTaught(builtin: ReadQuality, taught: ReadQuality): { taught: boolean; why: string } {
  if (taught.rows === 0) return { taught: false, why: 'the taught layout read no rows' };
  if (builtin.rows === 0) return { taught: true, why: "Bahi's own reader found no transactions" };
  if (taught.ok && !builtin.ok)
    return {
      taught: true,
      why: `Bahi's own read does not balance (${builtin.breaks} break(s)); the taught layout's does`,
    };
  if (!builtin.ok && !taught.ok && taught.breaks < builtin.breaks)
    return {
      taught: true,
      why: `Bahi's own read has more balance breaks (${builtin.breaks} against ${taught.breaks})`,
    };
  return {
    taught: false,
    why: builtin.ok
      ? `Bahi's own read balances (${builtin.rows} rows)${taught.ok ? '' : `; the taught layout's has ${taught.breaks} break(s)`}`
      : `Bahi's own read balances no worse (${builtin.breaks} break(s) against ${taught.breaks})`,
  };
}
