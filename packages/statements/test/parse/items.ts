// Pages for parser tests made of items where a PDF drew them: each line a y and its items
// [x0, x1, text], all in one font size (the positions come from generated layouts).
import { parseStatement } from '../../src/index.ts';
import type { SourceDocument, Word } from '../../src/source.ts';

export type Item = [x0: number, x1: number, text: string];

/** One page of `lines` in a font `height` high; [width, height] of the page (US letter by default). */
export const itemsPage = (
  height: number,
  lines: [number, Item[]][],
  size: [number, number] = [612, 792],
): SourceDocument =>
  onePage(
    size,
    lines.flatMap(([y, items]) => placed(y, items, height)),
  );

/** Words of one line at `y`, from its items, `height` high. */
export const placed = (y: number, items: Item[], height: number): Word[] =>
  items.map(([x0, x1, text]) => ({ text, x: x0, y, width: x1 - x0, height }));

/** A document of one page of these words; [width, height] of the page. */
export const onePage = ([width, height]: [number, number], words: Word[]): SourceDocument => ({
  kind: 'pages',
  format: 'pdf',
  pages: [{ number: 1, width, height, words }],
});

/** Each transaction read, as [date, withdrawal, deposit, balance]. */
export const rowsOf = (doc: SourceDocument) =>
  parseStatement(doc)
    .accounts.flatMap((a) => a.transactions)
    .map((t) => [t.date, t.withdrawal, t.deposit, t.balance]);
