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
export const onePage = (size: [number, number], words: Word[]): SourceDocument => pagesOf([words], size);

/** A document of pages of these words, one list a page (copied: a test may add to a page), all of one [width, height]. */
export const pagesOf = (pages: Word[][], [width, height]: [number, number] = [612, 792]): SourceDocument => ({
  kind: 'pages',
  format: 'pdf',
  pages: pages.map((words, i) => ({ number: i + 1, width, height, words: [...words] })),
});

/** Each transaction read, as [date, withdrawal, deposit, balance]. */
export const rowsOf = (doc: SourceDocument) =>
  parseStatement(doc)
    .accounts.flatMap((a) => a.transactions)
    .map((t) => [t.date, t.withdrawal, t.deposit, t.balance]);

/** The five headings most parser tests print, at the usual places: each figure's heading ends
 * where its figures do (withdrawal 461, deposit 522, balance 592). */
export const HEADINGS: Item[] = [
  [33, 80, 'Date'],
  [120, 170, 'Narration'],
  [413, 461, 'Withdrawal'],
  [483, 522, 'Deposit'],
  [559, 592, 'Balance'],
];

/** A table line's items under HEADINGS: the date, the narration at 120, each figure set right in
 * its column, 5 points a character; an empty string prints nothing there. */
export const rowItems = (date: string, text: string, debit = '', credit = '', balance = ''): Item[] =>
  (
    [
      [33, 80, date],
      [120, 120 + 5 * text.length, text],
      [461 - 5 * debit.length, 461, debit],
      [522 - 5 * credit.length, 522, credit],
      [592 - 5 * balance.length, 592, balance],
    ] as Item[]
  ).filter(([, , text]) => text !== '');

/** The words of HEADINGS (or other heading items) at `y`, 8 high. */
export const headerAt = (y: number, items: Item[] = HEADINGS): Word[] => placed(y, items, 8);

/** The words of a table line (rowItems) at `y`, 8 high. */
export const rowAt = (y: number, ...cells: Parameters<typeof rowItems>): Word[] =>
  placed(y, rowItems(...cells), 8);
