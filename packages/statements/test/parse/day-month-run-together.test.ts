// A date whose day and month's name run together ('19Dec 2023', '31Dec2023': the recogniser lost
// the space) starts a row as '19 Dec 2023' does (decision 041, round seven). The fixture is the scan
// bench's speckle UTKARSH statement (seed 23804) as the reader read it: page 3's first row, dated
// '19Dec 2023', was taken for the table's end, and the page's five rows went unread (18/23).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { firstToken, isDateStart } from '../../src/parse/dates.ts';
import { parseStatement } from '../../src/parse/index.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';

const json = (name: string) => fixture('scan-bench', name);

test('a day and month run together start a date', () => {
  assert.equal(firstToken('19Dec 2023'), '19Dec 2023');
  assert.equal(firstToken('31Dec2023'), '31Dec2023');
  assert.equal(firstToken('19 Dec 2023'), '19 Dec 2023');
  assert.equal(isDateStart('19Dec'), true);
  // letters that name no month are still no date
  assert.equal(isDateStart('12ABC'), false);
  assert.equal(isDateStart('10Nos'), false);
});

test("a scanned page whose first row's date ran together is read whole", () => {
  const doc = json('speckle-UTKARSH-23804-read.ocr.json') as SourceDocument;
  const truth = json('speckle-UTKARSH-23804.expected.json');
  const result = parseStatement(doc);
  const { score } = judgeParse(truth, result);
  assert.equal(score.found, 23);
  assert.equal(score.matched, 23);
  assert.equal(result.accounts[0]!.reconciliation.ok, true);
});
