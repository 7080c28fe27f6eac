// A saved read with each line's words joined again as the reader now joins them (by their y): a read
// saved before the words' rules of later sessions, parsed as today's reader would have read it.
import { joinCutFigures, pageMonths } from '../../src/scan/words.ts';
import type { SourceDocument, Word } from '../../src/source.ts';

/** With `byPage`, a cut date's month's name is settled by the months the page's dates name (toWords). */
export function rejoined(doc: SourceDocument, byPage = false): SourceDocument {
  if (doc.kind !== 'pages') return doc;
  const pages = doc.pages.map((p) => {
    // the months the page's dates name, as the reader takes them (read/ocr.ts, toWords)
    const months = byPage ? pageMonths(p.words.map((w) => w.text)) : undefined;
    const lines = new Map<number, Word[]>();
    for (const w of p.words) {
      const key = [...lines.keys()].find((y) => Math.abs(y - w.y) < 3) ?? w.y;
      lines.set(key, [...(lines.get(key) ?? []), w]);
    }
    const words = [...lines.values()].flatMap((ws) =>
      joinCutFigures(
        ws.sort((a, b) => a.x - b.x).map((w) => ({ ...w, x0: w.x, x1: w.x + w.width })),
        1.3,
        months,
      ).map(({ x0, x1, ...w }) => ({ ...w, x: x0, width: x1 - x0 })),
    );
    return { ...p, words };
  });
  return { ...doc, pages };
}
