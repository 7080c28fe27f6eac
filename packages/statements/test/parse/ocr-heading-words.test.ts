// Words of a scanned table the recogniser misreads in one way again and again (decision 041,
// session 11). The fixtures are the scan bench's reads as the reader read them, beside their truth:
// - dpi150 BOB (seed 47619): its heading 'Transaction Anpbunt Cri Dr Balance' named no amount
//   column, 1 of 19 rows read;
// - turn180 BANKOFINDIA (seed 39839): 'Wthdranwal Amt Cr Anpunt Balance', the deposits unread (20/25);
// - turn180 BANKOFINDIA (seed 150719): the empty deposit cell's '-' read into the balance
//   ('-191431.98' 'Cr'), five balances negative (20/25);
// - speckle CANARA (seed 55599): the last balance's mark read 'Cr..', the balance unread (21/22).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { cleanOcrWords } from '../../src/parse/ocr-words.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';

const dir = path.resolve(import.meta.dirname, '../fixtures/scan-bench');
const json = (name: string) => JSON.parse(readFileSync(path.join(dir, name), 'utf8'));

function read(name: string) {
  const doc = json(`${name}-read.ocr.json`) as SourceDocument;
  const truth = json(`${name}.expected.json`);
  const result = parseStatement(doc);
  const { score } = judgeParse(truth, result);
  // every row whose balance is not the truth's is flagged
  const txs = result.accounts[0]!.transactions;
  txs.forEach((t, i) => {
    if (t.balance !== Math.round((truth.transactions[i]?.balance ?? NaN) * 100))
      assert.equal(t.ocrFlag, true, `${name} ${t.date}`);
  });
  return score;
}

test("a heading's misread 'Amount' names its column (dpi150 BOB, turn180 BANKOFINDIA)", () => {
  const bob = read('dpi150-BOB-47619');
  assert.equal(bob.found, 19);
  // the last balance reads '2,611,571.41' for 2,61,571.41, and so does the closing line: mended
  // and flagged (session 12, mendDigitTooMany)
  assert.equal(bob.matched, 19);
  const boi = read('turn180-BANKOFINDIA-39839');
  assert.equal(boi.found, 25);
  // the first balance reads '1,911,431.98': the next rows give 1,91,431.98 (mended, flagged)
  assert.equal(boi.matched, 25);
});

test("an empty cell's dash read into a Cr balance is no minus (turn180 BANKOFINDIA 150719)", () => {
  const score = read('turn180-BANKOFINDIA-150719');
  assert.equal(score.found, 25);
  assert.equal(score.matched, 25);
});

test("a mark read 'Cr..' is a Cr (speckle CANARA 55599)", () => {
  const score = read('speckle-CANARA-55599');
  assert.equal(score.found, 22);
  assert.equal(score.matched, 22);
});

const w = (text: string, x: number, y: number, width = 20, height = 6): Word => ({
  text,
  x,
  y,
  width,
  height,
  confidence: 90,
});

test("cleanOcrWords mends 'Amount' and 'Amt' on a heading line only", () => {
  const out = cleanOcrWords([
    w('Withdrawal', 100, 50),
    w('Ant.', 125, 50),
    w('Cr', 150, 50.5),
    w('Anpunt', 160, 50),
    w('ANPBUNT', 190, 51),
    w('Anount', 220, 49),
    w('Balance', 250, 50),
    // a narration's words, on no line with 'Balance': the user's
    w('Anpunt', 100, 80),
    w('Ant', 130, 80),
    // near the heading but a line below
    w('Ant', 130, 57),
  ]);
  assert.deepEqual(
    out.map((x) => x.text),
    ['Withdrawal', 'Amt.', 'Cr', 'Amount', 'AMOUNT', 'Amount', 'Balance', 'Anpunt', 'Ant', 'Ant'],
  );
});

test('cleanOcrWords drops a dash stuck before a figure marked Cr, and keeps any other minus', () => {
  const out = cleanOcrWords([
    w('-191431.98', 474, 100, 45),
    w('Cr', 520, 100, 8),
    w('-191431.98Cr', 474, 110, 53),
    w('-1,200.00', 474, 120, 45),
    w('Dr', 520, 120, 8),
    w('-1,200.00', 474, 130, 45),
    // a Cr on the next line is not this figure's
    w('-500.00', 474, 140, 45),
    w('Cr', 520, 147, 8),
  ]);
  assert.deepEqual(
    out.map((x) => x.text),
    ['191431.98', 'Cr', '191431.98Cr', '-1,200.00', 'Dr', '-1,200.00', '-500.00', 'Cr'],
  );
});

test("cleanOcrWords reads a mark's doubled point as one", () => {
  const out = cleanOcrWords([w('677,574.43', 517, 10, 45), w('Cr..', 562, 10, 10), w('Dr.,', 562, 20, 10)]);
  assert.deepEqual(
    out.map((x) => x.text),
    ['677,574.43', 'Cr.', 'Dr.'],
  );
});
