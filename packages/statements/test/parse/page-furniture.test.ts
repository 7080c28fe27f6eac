// Page furniture as the words' order read takes it (furniture.ts pageFurniture): what the tops of two
// pages print alike, digits aside, is the page's furniture where the first page prints it atop too or
// it counts the pages, never a row's narration going on there.
// Generated flat text (KOTAK and HDFC of seeds 1070001 and 1050001 `--flat`) breaks a long narration
// over two pages alike: 'ORDER DATED EARLIER AS PER' atop pages 2 and 3, printed wrapped at other
// words in a row of page 1; '839-SENT USING PAYTM' and '1590758774-SENT USING PAYTM', whose figures
// are neither the same nor the page's number. Taken for furniture, the narrations lost those lines.
// BOB of seed 1710001 `--flat` prints a browser's header atop each page whose clock runs on: a time
// of day is no figure the pages must print alike.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageFurniture } from '../../src/parse/furniture.ts';
import { parseStatement } from '../../src/parse/index.ts';
import { documentLines } from '../../src/parse/lines.ts';
import type { SourceDocument } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';
import { fixture } from './fixture.ts';

const json = (name: string) => fixture('generated', name);
// (a row starts with its value date and date; the header names them)
const edgeEnd = (l: { text: string }) => /^\d\d\/\d\d\/\d{4} \d\d\/\d\d\/\d{4}|Value Date/.test(l.text);
const furnitureOf = (name: string) =>
  [...pageFurniture(documentLines(json(name) as SourceDocument), edgeEnd)].map((l) => `${l.page} ${l.text}`);

test('a narration carried atop two later pages alike is no furniture: the first page never prints it atop its table', () => {
  const found = furnitureOf('flat-KOTAK-8473432979.doc.json');
  assert.ok(found.includes('2 Account No : 9468108878 Page 2'), found.join('\n'));
  assert.ok(found.includes('3 Account No : 9468108878 Page 3'));
  assert.ok(found.includes('2 Kotak Mahindra Bank'));
  assert.ok(!found.some((t) => /ORDER DATED|BENEFICIARY/.test(t)), found.join('\n'));
});

test('lines alike atop two pages whose figures are neither the same nor the page number are no furniture', () => {
  const found = furnitureOf('flat-HDFC-8314973799.doc.json');
  assert.ok(found.includes('2 Account No : 50100139977344 Page 2'), found.join('\n'));
  assert.ok(found.includes('3 HDFC BANK LTD'));
  assert.ok(!found.some((t) => /SENT USING PAYTM/.test(t)), found.join('\n'));
});

for (const [name, rows] of [
  ['flat-KOTAK-8473432979', 22],
  ['flat-HDFC-8314973799', 77],
  // (a browser's print header atop every page, its clock running on: '31 Aug 2024, 10:40 AM' on page
  // 1 .. '10:49 AM' on page 10, '10:40 AM' again on page 11; taken into the last row before each C/F)
  ['flat-BOB-13541561379', 61],
] as const)
  test(`${name}: every narration whole across its page breaks`, () => {
    const result = parseStatement(json(`${name}.doc.json`) as SourceDocument);
    const { score } = judgeParse(json(`${name}.truth.json`), result);
    assert.equal(score.matched, rows);
    assert.equal(score.descriptionExact, rows);
    assert.equal(result.accounts[0]!.reconciliation.ok, true);
  });
