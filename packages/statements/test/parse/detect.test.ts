// Which bank printed a statement: its IFSC after its label, its name at the top, or its legal name
// where the page footer prints it; never a bank a narration mentions.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectBank } from '../../src/parse/detect.ts';
import type { Line } from '../../src/parse/lines.ts';

const lines = (...texts: string[]): Line[] =>
  texts.map((text, i) => ({ page: 1, y: i, height: 1, runs: [], text }));

test('an IFSC after its label names the bank, its fifth character masked or not', () => {
  assert.equal(detectBank(lines('Account No : 123', 'RTGS/NEFT IFSC : HDFC0004312'), null).code, 'HDFC');
  // a copy with its digits masked prints another digit where the code has its zero
  assert.equal(detectBank(lines('Account No : 123', 'RTGS/NEFT IFSC : HDFC4764312'), null).code, 'HDFC');
  const other = detectBank(lines('IFSC : SCBL4869445'), null);
  assert.equal(other.code, null);
  assert.equal(other.name, 'Standard Chartered Bank');
});

test("the legal name in a page footer names the bank; a narration's bank does not", () => {
  const header = lines('Statement of account', 'Account No : 46297157470556');
  assert.equal(detectBank(header, null, '', () => lines('HDFC BANK LIMITED')).code, 'HDFC');
  const idfc = detectBank(header, null, '', () =>
    lines('REGISTERED OFFICE: IDFC FIRST BANK LIMITED, KRM Tower, Chennai'),
  );
  assert.equal(idfc.code, null);
  assert.equal(idfc.name, 'IDFC FIRST BANK LIMITED');
  assert.equal(
    detectBank(header, null, '', () => lines('REGISTERED OFFICE - AXIS BANK LTD, Trishul, Ahmedabad')).code,
    'AXIS',
  );
  const narrations = lines(
    '02-04-2019 UPI/139044449570/NA/6161655238@payt/State Bank Of India 100.00 2,04,659.22',
    '24-04-2019 UPI/802698646302/NA/4490161239@payt/HDFC BANK LTD 2,500.00 69,902.77',
  );
  assert.equal(detectBank(header, null, '', () => narrations).code, null);
});

test('a statement that names another bank than the one chosen is not read as the chosen one', () => {
  const header = lines('CENTRAL BANK OF INDIA', 'Account No : 3012345678');
  const d = detectBank(header, 'SBI');
  assert.equal(d.code, null);
  assert.equal(d.name, 'CENTRAL BANK OF INDIA');
  assert.equal(d.corrected, true);
  assert.match(d.reason, /the chosen bank SBI does not match/);
  // a document that names no bank is read as the chosen one
  assert.equal(detectBank(lines('Statement of account', 'Account No : 3012345678'), 'SBI').code, 'SBI');
});

test("an account type's 'Savings Bank' names no bank: the chosen one stands", () => {
  const d = detectBank(lines('Account Type : Savings Bank Account', 'Account No : 3012345678'), 'UNION');
  assert.equal(d.code, 'UNION');
  assert.equal(d.corrected, false);
});
