// A soft photo's figures read with their points lost altogether ('44380.64' read '4438064'), put
// back by the reader where the word ends in a column of figures with paise, that page's or the
// statement's pages before (src/scan/words.ts, pointsLost; decision 041, session 24). The fixture is
// the scan bench's photo ICICI statement (seed 7943, 4 pages, 200 dpi) as session 19's reader read
// it: 19 balances and 7 amounts without their points, and the parse's own rule (restoreLostPoints:
// as many figures with points as without in the column, on the page) left most of them (page 2:
// one balance of six and no deposit with its point); 11 of its 28 rows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { paiseFigureEnds, pointsLost } from '../../src/scan/words.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { rejoined } from './rejoin.ts';

const word = (text: string, x1: number, y: number, width = 30, confidence = 90): Word => ({
  text,
  x: x1 - width,
  y,
  width,
  height: 7,
  confidence,
});
const texts = (words: Word[]) => words.map((w) => w.text);

test('pointsLost puts a point back in a word of digits ending where figures with paise end', () => {
  const page = [
    word('046501644879', 495.9, 51), // the account number, above the column
    word('2024', 493.5, 60, 19), // a heading's period's year, above it too
    word('36106.64', 494.6, 150),
    word('37861.64', 493.7, 167),
    word('4438064', 493.0, 194, 28, 81),
    word('342600', 445.8, 299), // a deposit column with no figure with paise on the page
    word('2295364', 493.4, 300, 28, 41),
    word('715', 493.4, 320, 12), // three digits: a cut figure's tail
    word('0465016', 493.4, 330), // a 0 first: no figure
    word('906965', 409.7, 340), // a cheque number under nothing
  ];
  const out = pointsLost(page);
  assert.deepEqual(texts(out), [
    '046501644879',
    '2024',
    '36106.64',
    '37861.64',
    '44380.64',
    '342600',
    '22953.64',
    '715',
    '0465016',
    '906965',
  ]);
  // taken as unsure: the row is flagged unless the balance chain vouches for it
  assert.equal(out[4]!.confidence, 59);
  assert.equal(out[6]!.confidence, 41);
});

test("pointsLost: the columns of the statement's pages before count with the page's", () => {
  // page 2 of photo ICICI 7943: one balance of six kept its point, no deposit did
  const page = [
    word('046501644879', 495.9, 40),
    word('2025', 445.6, 60, 19), // a heading's year where the deposits end, above the page's figures
    word('2295064', 493.5, 89), // above the balance column's one figure with its point
    word('20269.64', 493.5, 131),
    word('2018564', 493.4, 158),
    word('1814564', 493.3, 183),
    word('240000', 445.5, 222),
  ];
  // alone on the page, one figure may end where a cheque number ends: left
  assert.deepEqual(texts(pointsLost(page)), texts(page));
  const page1 = paiseFigureEnds([word('36106.64', 494.6, 150), word('1755.00', 446.1, 167)]);
  assert.deepEqual(texts(pointsLost(page, page1)), [
    '046501644879',
    '2025',
    '2295064',
    '20269.64',
    '20185.64',
    '18145.64',
    '240000',
  ]);
  // two deposits with their points on the pages before: the deposit column is known
  const pages1and3 = [...page1, ...paiseFigureEnds([word('42515.00', 445.8, 81)])];
  assert.deepEqual(texts(pointsLost(page, pages1and3)).slice(-1), ['2400.00']);
  assert.deepEqual(texts(pointsLost(page, pages1and3)).slice(0, 3), ['046501644879', '2025', '2295064']);
});

/** The saved read's pages as the reader now gives them: each line joined, then pointsLost page by page. */
function asReadNow(doc: SourceDocument): SourceDocument {
  const joined = rejoined(doc, true);
  if (joined.kind !== 'pages') return joined;
  const ends: number[] = [];
  const pages = joined.pages.map((p) => {
    const words = pointsLost(p.words, ends);
    ends.push(...paiseFigureEnds(words));
    return { ...p, words };
  });
  return { ...joined, pages };
}

test('the photo ICICI statement whose balances lost their points: 13 -> 27 of 28 rows, every wrong one flagged', () => {
  const saved = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/scan-bench/photo-ICICI-7943.read.json'),
      'utf8',
    ),
  ) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };
  // (as saved: 11, 12 with 20 Mar's date read back: mendOcrDate, 13 with 1 Mar's 'ovo32s' dated by
  // the order: datesByOrder)
  assert.equal(judgeParse(saved.truth, parseStatement(saved.doc)).score.matched, 13);
  const result = parseStatement(asReadNow(saved.doc));
  const { score } = judgeParse(saved.truth, result);
  assert.equal(score.expected, 28);
  // (and 20 Mar's date read '2000325', read back: mendOcrDate; 1 Mar's first row, its date read
  // 'ovo32s', dated by the order, and the chain through it mends the next row's 6,515.00 to 6,519.00:
  // 25 -> 27, decision 041, session 26)
  assert.equal(score.matched, 27);
  const first = result.accounts[0]!.transactions[0]!;
  assert.deepEqual(
    [first.date, first.deposit, first.balance, first.ocrFlag],
    ['2025-03-01', 175500, 3786164, true],
  );
  const right = new Set(
    saved.truth.transactions.map((t) => {
      const r = t as { date: string; withdrawal: number; deposit: number; balance: number | null };
      return `${r.date}|${Math.round(r.withdrawal * 100)}|${Math.round(r.deposit * 100)}|${r.balance === null ? '' : Math.round(r.balance * 100)}`;
    }),
  );
  const wrong = result.accounts
    .flatMap((a) => a.transactions)
    .filter((t) => !right.has(`${t.date}|${t.withdrawal}|${t.deposit}|${t.balance ?? ''}`));
  assert.ok(wrong.length > 0);
  assert.ok(
    wrong.every((t) => t.ocrFlag === true),
    'every row read wrong is flagged',
  );
});
