import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import {
  describeTaxSplit,
  isInterstate,
  rateBasisPoints,
  splitAmount,
  splitLegs,
  taxOn,
  type TaxSplit,
} from '../src/tax-split.ts';
import { isBahiError } from '../src/errors.ts';

const gst = (ratePercent: number, interstate = false): TaxSplit => ({ kind: 'gst', ratePercent, interstate });
const tds = (ratePercent: number, section?: string): TaxSplit => ({ kind: 'tds', ratePercent, section });

test('a ₹590.00 charge at 18% within a state is ₹500.00 + CGST ₹45.00 + SGST ₹45.00', () => {
  assert.deepEqual(splitAmount(59000, gst(18)), {
    ledgerPaise: 50000,
    taxes: [
      { head: 'cgst', paise: 4500, withBank: false },
      { head: 'sgst', paise: 4500, withBank: false },
    ],
  });
  assert.deepEqual(splitAmount(59000, gst(18, true)).taxes, [{ head: 'igst', paise: 9000, withBank: false }]);
});

test('an odd gross: ₹177.00 at 18% is ₹150.00 + 13.50 + 13.50; ₹1.00 (no taxable value gives it) still sums', () => {
  assert.deepEqual(splitAmount(17700, gst(18)).ledgerPaise, 15000);
  // 85 paise + 8 + 8 = 101, 84 + 8 + 8 = 100: 84 paise is the taxable value
  assert.deepEqual(splitAmount(100, gst(18)), {
    ledgerPaise: 84,
    taxes: [
      { head: 'cgst', paise: 8, withBank: false },
      { head: 'sgst', paise: 8, withBank: false },
    ],
  });
});

test('interest of ₹1,000.00 less 10% TDS: the bank credits ₹900.00; the income is ₹1,000.00', () => {
  assert.deepEqual(splitAmount(90000, tds(10, '194A')), {
    ledgerPaise: 100000,
    taxes: [{ head: 'tds', paise: 10000, withBank: true }],
  });
  // a contractor's bill of ₹12,345.67 less 2%: TDS ₹246.91 (246.9134 rounded), paid ₹12,098.76
  assert.deepEqual(splitAmount(1209876, tds(2, '194C')), {
    ledgerPaise: 1234567,
    taxes: [{ head: 'tds', paise: 24691, withBank: true }],
  });
});

test('legs of a movement: debits and credits sum to zero, the bank leg is the movement', () => {
  assert.deepEqual(splitLegs({ paise: 59000, moneyIn: false }, 'Bank Charges', 'HDFC', gst(18)), [
    { ledger: 'HDFC', role: 'bank', drPaise: -59000 },
    { ledger: 'Bank Charges', role: 'ledger', drPaise: 50000 },
    { ledger: 'Input CGST', role: 'cgst', drPaise: 4500 },
    { ledger: 'Input SGST', role: 'sgst', drPaise: 4500 },
  ]);
  assert.deepEqual(splitLegs({ paise: 90000, moneyIn: true }, 'Interest Received', 'HDFC', tds(10)), [
    { ledger: 'HDFC', role: 'bank', drPaise: 90000 },
    { ledger: 'Interest Received', role: 'ledger', drPaise: -100000 },
    { ledger: 'TDS Receivable', role: 'tds', drPaise: 10000 },
  ]);
  assert.deepEqual(
    splitLegs({ paise: 98000, moneyIn: false }, 'Ravi Contractor', 'HDFC', tds(2), {
      tdsPayable: 'TDS on Contract',
    }),
    [
      { ledger: 'HDFC', role: 'bank', drPaise: -98000 },
      { ledger: 'Ravi Contractor', role: 'ledger', drPaise: 100000 },
      { ledger: 'TDS on Contract', role: 'tds', drPaise: -2000 },
    ],
  );
});

test('bad rates and amounts are clear errors', () => {
  for (const r of [0, -5, 100, 150, Number.NaN, 18.123])
    assert.throws(
      () => splitAmount(10000, gst(r)),
      (e) => isBahiError(e) && e.code === 'bad_tax_rate',
    );
  for (const a of [0, -100, 1.5])
    assert.throws(
      () => splitAmount(a, gst(18)),
      (e) => isBahiError(e) && e.code === 'bad_amount',
    );
  assert.equal(rateBasisPoints(0.1), 10);
  assert.equal(rateBasisPoints(2.5), 250);
});

test('states: by name or GSTIN; unknown is undefined, never a guess', () => {
  assert.equal(isInterstate('Maharashtra', 'maharashtra'), false);
  assert.equal(isInterstate('27AAACH2702H1Z5', '29AAACH2702H1Z1'), true);
  assert.equal(isInterstate('Jammu & Kashmir', 'Jammu and Kashmir'), false);
  assert.equal(isInterstate('', 'Delhi'), undefined);
  assert.equal(describeTaxSplit(gst(18)), 'GST 18% (CGST + SGST)');
  assert.equal(describeTaxSplit(tds(10, '194A')), 'TDS 10% u/s 194A');
});

const rates = fc.constantFrom(0.1, 0.25, 1, 1.5, 2, 2.5, 3, 5, 6, 7.5, 10, 12, 14, 18, 20, 28, 30, 40);
const amounts = fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 9_000_000_000_000 }));

test('property: every split sums to the bank movement to the paisa, every leg positive', () => {
  fc.assert(
    fc.property(
      amounts,
      rates,
      fc.boolean(),
      fc.boolean(),
      fc.boolean(),
      (amount, rate, isGst, inter, moneyIn) => {
        const split = isGst ? gst(rate, inter) : tds(rate);
        const legs = splitLegs({ paise: amount, moneyIn }, 'L', 'B', split);
        assert.equal(
          legs.reduce((a, l) => a + l.drPaise, 0),
          0,
        );
        assert.equal(legs[0].drPaise, moneyIn ? amount : -amount);
        for (const l of legs) assert.ok(Number.isSafeInteger(l.drPaise) && l.drPaise !== 0);
      },
    ),
    { numRuns: 3000 },
  );
});

test('property: the tax is its rate on the taxable value (TDS: on the gross), to a paisa a head', () => {
  fc.assert(
    fc.property(amounts, rates, fc.boolean(), fc.boolean(), (amount, rate, isGst, inter) => {
      const split = isGst ? gst(rate, inter) : tds(rate);
      const parts = splitAmount(amount, split);
      const expected = taxOn(parts.ledgerPaise, split);
      const got = parts.taxes.map(({ head, paise }) => ({ head, paise }));
      // a head that rounds to nothing is no leg
      for (const e of expected) {
        const paise = got.find((g) => g.head === e.head)?.paise ?? 0;
        assert.ok(Math.abs(paise - e.paise) <= 1, `${e.head} ${paise} against ${e.paise}`);
      }
    }),
    { numRuns: 3000 },
  );
});

test('property: a gross made from a taxable value splits back into that value and its tax', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 9_000_000_000_000 }),
      rates,
      fc.boolean(),
      (taxable, rate, inter) => {
        const split = gst(rate, inter);
        const heads = taxOn(taxable, split);
        const gross = taxable + heads.reduce((a, h) => a + h.paise, 0);
        const parts = splitAmount(gross, split);
        assert.equal(parts.ledgerPaise, taxable);
        assert.deepEqual(
          parts.taxes.map((t) => t.paise),
          heads.filter((h) => h.paise !== 0).map((h) => h.paise),
        );
      },
    ),
    { numRuns: 3000 },
  );
});
