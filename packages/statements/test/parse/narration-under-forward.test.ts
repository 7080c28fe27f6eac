// A page without a header of its own opens with the brought-forward line, then the last row's
// narration carried over from the page before, then the next row: generated SBI 11482708479 of seed
// 1450001 (Helvetica 9, headings three lines deep, 'B/F Rs.577,058.54' at y 69.9, 'PILLAI/UBIN/
// kavita963@okhdfcbank/rent--' 18.9 points under it, rows 19 points apart). The B/F line brings the
// last row's balance forward (carriesOn) and takes the table up; a narration line under a
// brought-forward line may stand as far below it as rows do (underForward), but only a B/F line read
// inside the table counted, so the carried line, a little more than 2.2 line heights down, ended
// the table: two rows lost their narration's last line (42 of 44).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';

test('the last row’s narration carried under a B/F line that takes the table up finishes that row', () => {
  const doc = fixture('generated', 'SBI-11482708479.doc.json') as SourceDocument;
  const truth = fixture('generated', 'SBI-11482708479.truth.json');
  const result = parseStatement(doc);
  const { score } = judgeParse(truth, result);
  assert.equal(score.matched, 44);
  assert.equal(score.descriptionExact, 44);
  assert.equal(result.accounts[0]!.reconciliation.ok, true);
  assert.equal(
    result.accounts[0]!.transactions[17]!.description,
    'BY TRANSFER-UPI/CR/532691611220/KAVITA PILLAI/UBIN/kavita963@okhdfcbank/rent--',
  );
});
