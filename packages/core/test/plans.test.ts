import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  PLANS,
  findPlan,
  findPlanByOrder,
  pagesForExtraction,
  planPrice,
  planPricePaise,
  savePercent,
} from '../src/plans.ts';

test('the spec table, with prices rounded to the rupee', () => {
  assert.deepEqual(
    PLANS.map((p) => [p.id, p.name, p.pages, p.baseAmount, p.discount, planPrice(p), savePercent(p)]),
    [
      ['free-trial', 'Free Trial', 1, 1, 0, 1, 0],
      ['basic', 'Basic Plan', 2500, 1400, 15, 1190, 15],
      ['standard', 'Standard Plan', 8000, 3650, 15, 3103, 15],
      ['premium', 'Premium Plan', 21000, 7300, 15, 6205, 15],
    ],
  );
  assert.equal(planPricePaise(PLANS[2]), 310300);
  assert.equal(findPlan('basic')?.pages, 2500);
  assert.equal(findPlan('gold'), null);
});

test('an order matches a plan only when amount and pages both match', () => {
  assert.equal(findPlanByOrder(119000, 2500)?.id, 'basic');
  assert.equal(findPlanByOrder(100, 1)?.id, 'free-trial');
  assert.equal(findPlanByOrder(140000, 2500), null);
  assert.equal(findPlanByOrder(119000, 8000), null);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 1e7 }), fc.integer({ min: 0, max: 30000 }), (amount, pages) => {
      const plan = findPlanByOrder(amount, pages);
      const expected = PLANS.filter(
        (p) => Math.round(p.baseAmount * (1 - p.discount / 100)) * 100 === amount && p.pages === pages,
      );
      assert.equal(plan, expected[0] ?? null);
    }),
  );
});

test('a PDF costs its pages; other formats one page per 50 transactions, at least one', () => {
  assert.equal(pagesForExtraction({ format: 'pdf', pdfPages: 7, transactions: 400 }), 7);
  assert.equal(pagesForExtraction({ format: 'xlsx', transactions: 0 }), 1);
  assert.equal(pagesForExtraction({ format: 'rpt', transactions: 50 }), 1);
  assert.equal(pagesForExtraction({ format: 'image', transactions: 51 }), 2);
  assert.throws(() => pagesForExtraction({ format: 'pdf', transactions: 3 }), RangeError);
  fc.assert(
    fc.property(
      fc.constantFrom('xlsx', 'rpt', 'image', 'csv', 'xls') as fc.Arbitrary<'xlsx'>,
      fc.nat(100000),
      (format, n) => {
        const pages = pagesForExtraction({ format, transactions: n });
        // enough pages for every transaction, and not one more than needed
        return pages >= 1 && pages * 50 >= n && (pages === 1 || (pages - 1) * 50 < n);
      },
    ),
  );
});
