// Which bank: a wrong choice by the user is corrected, and a bank Bahi has no profile for is still
// read by the generic table reader (detection.code null, with the reason), on generated PDFs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corpusNeeded } from '../read/corpus.ts';
import { BANK_NAMES, judge, parsePdf, truthOf } from './pdf-cases.ts';
import { familyOf, makeRecipe, renderStatement } from './pdf-recipe.ts';

const FICTIONAL = 'Sahyadri Sahakari Bank Ltd';

async function fictional(seed: number, ifsc: string | null) {
  const truth = truthOf('HDFC')!;
  const bytes = await renderStatement(truth, makeRecipe(seed, FICTIONAL, ifsc, familyOf('HDFC')));
  return { truth, bytes };
}

test(
  'a statement of an unknown bank is read by the generic reader, with the reason',
  corpusNeeded,
  async () => {
    for (const seed of [11, 12, 13, 14]) {
      const { truth, bytes } = await fictional(seed, 'SAHY0001234');
      const r = await parsePdf(bytes);
      assert.equal(r.bank, null);
      assert.equal(r.detection.code, null);
      assert.equal(r.detection.corrected, false);
      assert.match(r.detection.reason, /IFSC SAHY0001234 .*Sahyadri Sahakari Bank Ltd/);
      assert.equal(r.detection.name, FICTIONAL, 'named from the document');
      assert.ok(r.issues.some((i) => i.kind === 'detection' && /not recognised/.test(i.message)));
      const j = judge(truth, r);
      assert.ok(j.ok, `seed ${seed}: ${j.detail}`);
    }
  },
);

test('an unknown bank stays unknown when the user picked a bank it is not', corpusNeeded, async () => {
  const { truth, bytes } = await fictional(21, 'SAHY0001234');
  const r = await parsePdf(bytes, 'SBI');
  assert.equal(r.bank, null);
  assert.equal(r.detection.requested, 'SBI');
  assert.match(r.detection.reason, /SBI does not match/);
  assert.ok(judge(truth, r).ok);
});

test(
  "a bank's own name printed without an IFSC is kept whatever bank is chosen (issue 36: never another bank's name)",
  corpusNeeded,
  async () => {
    const { truth, bytes } = await fictional(31, null);
    const chosen = await parsePdf(bytes, 'KOTAK');
    assert.equal(chosen.bank, null);
    assert.equal(chosen.detection.name, FICTIONAL);
    assert.equal(chosen.detection.corrected, true);
    assert.match(chosen.detection.reason, /the chosen bank KOTAK does not match/);
    assert.ok(judge(truth, chosen).ok);
    const none = await parsePdf(bytes);
    assert.equal(none.bank, null);
    assert.match(none.detection.reason, /the header names Sahyadri Sahakari Bank Ltd/);
    assert.equal(none.detection.name, FICTIONAL);
    assert.ok(judge(truth, none).ok);
  },
);

test('a wrong bank chosen by the user is corrected and reported', corpusNeeded, async () => {
  for (const [bank, wrong] of [
    ['HDFC', 'SBI'],
    ['AXIS', 'HDFC'],
    ['PNB', 'BOB'],
    ['KOTAK', 'UNION'],
  ] as const) {
    const truth = truthOf(bank)!;
    const bytes = await renderStatement(
      truth,
      makeRecipe(41, BANK_NAMES[bank]!, truth.account.ifsc, familyOf(bank)),
    );
    const r = await parsePdf(bytes, wrong);
    assert.equal(r.bank, bank);
    assert.equal(r.detection.corrected, true);
    assert.equal(r.detection.requested, wrong);
    assert.ok(r.issues.some((i) => i.kind === 'detection' && i.message.includes(`not ${wrong}`)));
    const j = judge(truth, r);
    assert.ok(j.ok, `${bank}: ${j.detail}`);
  }
});
