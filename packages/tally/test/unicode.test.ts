// Devanagari and ₹ in narrations and ledger names survive a file import (UTF-8, with or without a
// BOM, or UTF-16LE) and a push (UTF-16LE with a BOM), and Tally's answer in either encoding.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  buildBankVouchersXml,
  decodeXmlBytes,
  encodeForTally,
  pushToTally,
  startTallyEmulator,
  type RunningEmulator,
} from '../src/index.ts';

let tally: RunningEmulator;
before(async () => {
  tally = await startTallyEmulator({ companies: ['शर्मा एंड संस'] });
});
after(() => tally.close());

const NARRATION = 'UPI/DR/415424818181/राम किराना स्टोर/किराया ₹5,000 — जुलाई';
const LEDGER = 'किराया खर्च ₹';
const xml = () =>
  buildBankVouchersXml({
    company: 'शर्मा एंड संस',
    bankLedger: 'बैंक ऑफ़ बड़ौदा A/c',
    withMasters: true,
    ledgerGroups: { [LEDGER]: 'Indirect Expenses' },
    transactions: [
      { date: '2025-07-01', description: NARRATION, withdrawal: 500000, deposit: 0, ledger: LEDGER },
    ],
  });

function stored() {
  const [company] = tally.emulator.imported().companies;
  return { company: company.name, ledgers: company.ledgers.map((l) => l.name), vouchers: company.vouchers };
}

test('a push (UTF-16LE with a BOM) keeps Devanagari and ₹ in names and narrations', async () => {
  tally.emulator.reset();
  const r = await pushToTally(xml(), { port: tally.port });
  assert.equal(r.ok, true, r.problems.join());
  const books = stored();
  assert.equal(books.company, 'शर्मा एंड संस');
  assert.ok(books.ledgers.includes(LEDGER));
  assert.ok(books.ledgers.includes('बैंक ऑफ़ बड़ौदा A/c'));
  assert.equal(books.vouchers[0].narration, NARRATION);
  assert.equal(books.vouchers[0].party, LEDGER);
});

for (const [name, bytes] of [
  ['UTF-8 without a BOM', (x: string) => Buffer.from(x, 'utf8')],
  [
    'UTF-8 with a BOM',
    (x: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(x, 'utf8')]),
  ],
  ['UTF-16LE with a BOM', (x: string) => encodeForTally(x)],
  ['UTF-16LE without a BOM', (x: string) => encodeForTally(x).subarray(2)],
] as const) {
  test(`a file import in ${name} keeps Devanagari and ₹`, () => {
    tally.emulator.reset();
    const { outcome } = tally.emulator.importXml(decodeXmlBytes(bytes(xml())));
    assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join());
    assert.equal(stored().vouchers[0].narration, NARRATION);
  });
}

test("Tally's answer in UTF-16LE without a BOM, starting with a newline, is still read", () => {
  const answer = "\r\n<RESPONSE><LINEERROR>Ledger 'किराया' does not exist!</LINEERROR></RESPONSE>";
  assert.equal(decodeXmlBytes(Buffer.from(answer, 'utf16le')), answer);
});
