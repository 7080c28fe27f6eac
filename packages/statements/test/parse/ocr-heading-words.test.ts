// Words of a scanned table the recogniser misreads in one way again and again (decision 041,
// session 11). The fixtures are the scan bench's reads as the reader read them, beside their truth:
// - dpi150 BOB (seed 47619): its heading 'Transaction Anpbunt Cri Dr Balance' named no amount
//   column, 1 of 19 rows read;
// - turn180 BANKOFINDIA (seed 39839): 'Wthdranwal Amt Cr Anpunt Balance', the deposits unread (20/25);
// - turn180 BANKOFINDIA (seed 150719): the empty deposit cell's '-' read into the balance
//   ('-191431.98' 'Cr'), five balances negative (20/25);
// - speckle CANARA (seed 55599): the last balance's mark read 'Cr..', the balance unread (21/22).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';

const json = (name: string) => fixture('scan-bench', name);

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
