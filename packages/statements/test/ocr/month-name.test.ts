// A scanned date whose month's name has one letter misread (decision 041, session 19): the scan
// bench's speckle INDIANBANK statement (seed 23979, 1 page, 29 rows) as the reader read it in
// session 18 (at 1cf517d-95c1ec3): its 14 Jan date read '14-' 'Jah-' '2023' (a speck on the n), so
// the row (49.00 out) was not read (rows.unreadable-date) and the chain broke there: 28 of 29 rows.
// And the skew KOTAK statement (seed 63367, 1 page, 22 rows) as read at a15b95b (session 19): its
// '12-Jul-2025' read '12-2ul-2025' (the J read 2) ended the table there: 6 of 22 rows.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { mendOcrDate } from '../../src/parse/ocr-words.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';

type Saved = { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };
const load = (name: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../fixtures/scan-bench', name), 'utf8'),
  ) as Saved;
const saved = load('speckle-INDIANBANK-23979.read.json');

test("mendOcrDate reads back a month's name one letter off, when only one month is that near", () => {
  assert.equal(mendOcrDate('14- Jah- 2023'), '14/01/2023');
  assert.equal(mendOcrDate('3-Dee-2023'), '03/12/2023');
  assert.equal(mendOcrDate('12-2ul-2025'), '12/07/2025'); // a J read as a figure
  assert.equal(mendOcrDate('12-20l-2025'), null); // two letters read as figures: no month's name
  assert.equal(mendOcrDate('01-Jut-2023'), null); // June's or July's
  assert.equal(mendOcrDate('01-Xyz-2023'), null);
  assert.equal(mendOcrDate('41-Jan-2023'), null);
});

test("a row dated with its month's name misread is read, flagged, and every row follows", () => {
  const result = parseStatement(saved.doc);
  const { score } = judgeParse(saved.truth, result);
  assert.equal(score.found, 29);
  assert.equal(score.matched, 29);
  const row = result.accounts
    .flatMap((a) => a.transactions)
    .find((t) => t.date === '2023-01-14' && t.withdrawal === 4900);
  assert.equal(row?.ocrFlag, true, 'the row dated from a misread month is flagged');
});

test("a month's name with its first letter read as a figure does not end the table", () => {
  const kotak = load('skew-KOTAK-63367.read.json');
  const result = parseStatement(kotak.doc);
  const { score } = judgeParse(kotak.truth, result);
  assert.equal(score.found, 22);
  assert.equal(score.matched, 22);
  const row = result.accounts
    .flatMap((a) => a.transactions)
    .find((t) => t.date === '2025-07-12' && t.withdrawal === 1447100);
  assert.equal(row?.ocrFlag, true);
});
