// A page's foot drawn over a row's last wrapped line: generated PNB 13066421419 of seed 1650001
// (Helvetica 9.5, A4 landscape, printed from a browser, the time under each row's date). The last row
// of pages 2-5 wraps onto a line at y 553.8 ('03:26 AM' under the date, 'SUPPLIES/BARB0849285' under
// the narration), and the page prints 'This is a computer generated statement and does not require
// a signature.' [32-341] at y 552.6, over the time. Words whose tops differ by less than half a line
// share a line, so the lines stage made one line of the three; the positional read left it unread,
// the words' order read took the disclaimer into four narrations (61 of 65). A line's words never
// overlap: one drawn over another at another height is another line, and the foot alone is the
// page's foot again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentLines } from '../../src/parse/lines.ts';
import { readsExactly } from './fixture.ts';
import { onePage } from './items.ts';

test('a foot drawn over a wrapped line at another height is a line of its own', () => {
  const word = (text: string, x0: number, x1: number, y: number) => ({
    text,
    x: x0,
    y,
    width: x1 - x0,
    height: 9.5,
  });
  const lines = documentLines(
    onePage(
      [842, 595],
      [
        word('This is a computer generated statement and does not require a signature.', 32, 341, 552.6),
        word('03:26 AM', 32, 73, 553.8),
        word('SUPPLIES/BARB0849285', 427, 539, 553.8),
      ],
    ),
  );
  assert.deepEqual(
    lines.map((l) => l.text),
    [
      'This is a computer generated statement and does not require a signature.',
      '03:26 AM SUPPLIES/BARB0849285',
    ],
  );
  // a word drawn twice at the same height (bold) is still one line
  const bold = documentLines(
    onePage([842, 595], [word('Balance', 32, 70, 100), word('Balance', 32.4, 70.4, 100)]),
  );
  assert.equal(bold.length, 1);
});

test('every row and narration read where the foot is drawn over the last row of four pages', () => {
  readsExactly('PNB-13066421419', 65);
});

// Generated SBI 20193545119 of seed 2550001 (Courier 9, a row every 10 pt): page 1's last row, at
// y 568.52, is drawn where every page prints its foot, at y 568.66. At one height, the foot's words
// were the row's, and the sentence went into the row's narration.
test("a foot drawn across a row's cells at the row's height is a line of its own", () => {
  const word = (text: string, x0: number, x1: number, y: number) => ({
    text,
    x: x0,
    y,
    width: x1 - x0,
    height: 9,
  });
  const row = [
    word('19-11-25', 22, 65, 568.52),
    word('19-11-25', 98, 141, 568.52),
    word('VERMA/SBIN/priya339@ibl/invoice--', 174, 352, 568.52),
    word('1,348.0', 509, 547, 568.52),
  ];
  const foot = word(
    'This is a computer generated statement and does not require a signature.',
    22,
    411,
    568.66,
  );
  for (const words of [[...row, foot], [foot, ...row].map((w) => ({ ...w, y: w === foot ? 568.4 : w.y }))])
    assert.deepEqual(
      documentLines(onePage([792, 612], words))
        .map((l) => l.text)
        .sort(),
      [
        '19-11-25 19-11-25 VERMA/SBIN/priya339@ibl/invoice-- 1,348.0',
        'This is a computer generated statement and does not require a signature.',
      ],
    );
  // a narration run long under one figure, at the same height, stays the row's
  const long = documentLines(
    onePage(
      [792, 612],
      [
        word('19-11-25', 22, 65, 300),
        word('NEFT TO A LONG NAME', 98, 300, 300),
        word('1,348.0', 280, 320, 300),
      ],
    ),
  );
  assert.equal(long.length, 1);
});

test('every narration read where the foot is drawn across the last row of page 1', () => {
  readsExactly('SBI-20193545119', 44);
});
