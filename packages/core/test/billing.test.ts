import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  AllocationError,
  MAX_ROUND_OFF_PAISE,
  allocateBilling,
  chunkRange,
  lineTotal,
  lineTotalPaise,
  matchingRule,
  referenceAt,
  timesQuantityPaise,
  type AllocationInput,
  type AllocationResult,
  type BillingItem,
  type RuleSet,
} from '../src/billing/index.ts';

const toPaise = (rupees: number) => Math.round(rupees * 100);

test('lineTotal follows the spec formula, rounded to the paisa', () => {
  assert.equal(lineTotal(100, 18, 3), 354);
  assert.equal(lineTotal(1.1, 0, 3), 3.3);
  assert.equal(lineTotal(10.05, 5, 1), 10.55); // 10.5525
  assert.equal(lineTotal(0.1, 5, 1), 0.11); // 0.105 rounds half up
  assert.equal(lineTotal(Number.NaN, 18, 2), 0);
  assert.equal(lineTotal(12.5, 12, 1.5), 21);
  assert.equal(lineTotalPaise(1005, 5, 1), 1055);
  assert.equal(lineTotalPaise(999999999, 28, 1000000), 128000000 * 9999999.99);
});

test('lineTotalPaise is within half a paisa of the exact value, halves rounding up', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1e9 }),
      fc.constantFrom(0, 3, 5, 12, 18, 28),
      fc.integer({ min: 0, max: 1e5 }),
      (price, gst, qty) => {
        const exact = BigInt(price) * BigInt(qty) * BigInt(100 + gst); // hundredths of a paisa
        const diff = BigInt(lineTotalPaise(price, gst, qty)) * 100n - exact;
        assert.ok(diff > -50n && diff <= 50n, `diff ${diff}`);
        assert.equal(lineTotal(price / 100, gst, qty), lineTotalPaise(price, gst, qty) / 100);
      },
    ),
  );
});

test('lineTotalPaise takes quantities with decimals (2.5 kg), exact to the paisa', () => {
  // 2.5 x 99.99 x 1.05 = 262.47375
  assert.equal(lineTotalPaise(9999, 5, 2.5), 26247);
  // 0.125 x 1,000.01 x 1.18 = 147.501475; 1.005 x 100 = 100.5 exactly (floats say 100.49999...)
  assert.equal(lineTotalPaise(100001, 18, 0.125), 14750);
  assert.equal(timesQuantityPaise(10000, 1.005), 10050);
  assert.equal(lineTotal(99.99, 5, 2.5), 262.47);
  assert.throws(() => lineTotalPaise(100, 5, 0.1234567), RangeError);
  assert.throws(() => lineTotalPaise(100, 5, Number.NaN), RangeError);
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1e9 }),
      fc.constantFrom(0, 5, 12, 18, 28),
      fc.integer({ min: 0, max: 1e7 }),
      (price, gst, milli) => {
        const exact = BigInt(price) * BigInt(milli) * BigInt(100 + gst); // 1/100000 of a paisa
        const diff = BigInt(lineTotalPaise(price, gst, milli / 1000)) * 100000n - exact;
        assert.ok(diff > -50000n && diff <= 50000n, `diff ${diff}`);
      },
    ),
  );
});

test('references run on from the start', () => {
  assert.equal(referenceAt(7, 2), '9');
  assert.equal(referenceAt('INV-0099', 0), 'INV-0099');
  assert.equal(referenceAt('INV-0099', 1), 'INV-0100');
  assert.equal(referenceAt('9', 1), '10');
  assert.equal(referenceAt('A/', 0), 'A/1');
});

test('rules: RATE before QUANTITY, first match wins, no match means 1..stock', () => {
  const rules: RuleSet = {
    QUANTITY: [{ min: 0, max: 50, chunk_min: 1, chunk_max: 2 }],
    RATE: [
      { min: 0, max: 10, chunk_min: 10, chunk_max: 20 },
      { min: 5, max: 100, chunk_min: 3, chunk_max: 4 },
    ],
  };
  assert.deepEqual(chunkRange(rules, 8, 500), { min: 10, max: 20 });
  assert.deepEqual(chunkRange(rules, 50, 500), { min: 3, max: 4 });
  assert.deepEqual(chunkRange(rules, 500, 40), { min: 1, max: 2 });
  assert.deepEqual(chunkRange(rules, 500, 400), { min: 1, max: 400 });
  assert.equal(chunkRange(rules, 8, 5), null); // less stock than the smallest chunk
  assert.equal(matchingRule({}, 1, 1), null);
});

const items: BillingItem[] = [
  { name: 'Rice 5kg', hsn: '1006', quantity: 40, pricePaise: 32000, gst: 5 },
  { name: 'Sugar 1kg', hsn: '1701', quantity: 100, pricePaise: 4450, gst: 5 },
  { name: 'Salt', quantity: 200, pricePaise: 2000, gst: 0 },
  { name: 'Soap', hsn: '3401', quantity: 150, pricePaise: 3575, gst: 18 },
];

function checkPromises(input: AllocationInput, result: AllocationResult, amounts: Map<string, number>) {
  // every line's Total is the spec's formula; quantities never exceed stock; rules hold at the time of each line
  const stock = input.items.map((it) => it.quantity);
  const byName = new Map(input.items.map((it, i) => [it.name, i]));
  const perDate = new Map<string, number>();
  result.vouchers.forEach((v, k) => {
    assert.equal(v.Reference, referenceAt(input.startReference, k));
    assert.ok(v.Items.length > 0);
    assert.ok(v.RoundOff >= 0 && toPaise(v.RoundOff) <= MAX_ROUND_OFF_PAISE);
    assert.equal(new Set(v.Items.map((l) => l['Item Name'])).size, v.Items.length);
    let sum = toPaise(v.RoundOff);
    for (const line of v.Items) {
      const i = byName.get(line['Item Name'])!;
      const item = input.items[i];
      const range = chunkRange(input.rules, item.pricePaise / 100, stock[i]);
      assert.ok(
        range && line.Quantity >= range.min && line.Quantity <= range.max,
        `qty ${line.Quantity} in rule`,
      );
      stock[i] -= line.Quantity;
      assert.ok(stock[i] >= 0);
      assert.equal(line['Selling Price'], item.pricePaise / 100);
      assert.equal(line.GST, item.gst);
      assert.equal(line.HSN, item.hsn ?? '');
      assert.equal(line.Total, lineTotal(line['Selling Price'], line.GST, line.Quantity));
      sum += toPaise(line.Total);
    }
    perDate.set(v.Date, (perDate.get(v.Date) ?? 0) + sum);
  });
  assert.deepEqual(result.stockLeft, stock);
  // the invoices of each amount add up to it exactly, to the paisa
  for (const [date, amount] of amounts) assert.equal(perDate.get(date) ?? 0, amount, `amount of ${date}`);
  assert.equal(
    result.totalPaise,
    [...amounts.values()].reduce((a, b) => a + b, 0),
  );
}

/** Allocates one amount dated 2025-04-01 and checks every promise. */
function checkOneAmount(items: readonly BillingItem[], amount: number, rules: RuleSet, seed: number) {
  const input: AllocationInput = { items, amount, rules, seed, startReference: 1, date: '2025-04-01' };
  checkPromises(input, allocateBilling(input), new Map([['2025-04-01', amount]]));
}

test('allocates an amount exactly, reproducibly', () => {
  const input: AllocationInput = {
    items,
    amount: 1234567,
    rules: {},
    seed: 5,
    startReference: 'INV-001',
    date: '2025-04-01',
  };
  const result = allocateBilling(input);
  checkPromises(input, result, new Map([['2025-04-01', 1234567]]));
  assert.deepEqual(allocateBilling(input), result);
  assert.notDeepEqual(allocateBilling({ ...input, seed: 6 }).vouchers, result.vouchers);
});

test('dated amounts become invoices of their own day, in date order', () => {
  const input: AllocationInput = {
    items: [...items, { name: 'Matchbox', quantity: 5000, pricePaise: 100, gst: 0 }],
    datedAmounts: [
      { date: '2025-04-03', amount: 250075 },
      { date: '2025-04-01', amount: 100000 },
      { date: '2025-04-02', amount: 0 },
    ],
    rules: { RATE: [{ min: 0, max: 100, chunk_min: 1, chunk_max: 10 }] },
    seed: 1,
    startReference: 1,
  };
  const result = allocateBilling(input);
  checkPromises(
    input,
    result,
    new Map([
      ['2025-04-01', 100000],
      ['2025-04-03', 250075],
    ]),
  );
  const dates = result.vouchers.map((v) => v.Date);
  assert.deepEqual(dates, [...dates].sort());
  assert.ok(!dates.includes('2025-04-02'));
});

test('says by how much the stock falls short', () => {
  const worth = items.reduce((s, it) => s + lineTotalPaise(it.pricePaise, it.gst, it.quantity), 0);
  assert.throws(
    () => allocateBilling({ items, amount: worth + 12345, rules: {}, seed: 1, startReference: 1 }),
    (e: unknown) =>
      e instanceof AllocationError &&
      e.code === 'insufficient-stock' &&
      e.shortBy === 12345 &&
      /₹123\.45 short/.test(e.userMessage),
  );
  assert.throws(
    () => allocateBilling({ items, amount: 0, rules: {}, seed: 1, startReference: 1 }),
    (e: unknown) => e instanceof AllocationError && e.code === 'bad-input',
  );
  // stock the rules cannot bill: only chunks of 1000 allowed
  assert.throws(
    () =>
      allocateBilling({
        items,
        amount: 50000,
        rules: { QUANTITY: [{ min: 0, max: 1e9, chunk_min: 1000, chunk_max: 2000 }] },
        seed: 1,
        startReference: 1,
      }),
    (e: unknown) => e instanceof AllocationError && e.code === 'unreachable' && e.shortBy === 50000,
  );
});

const itemArb = fc.record({
  name: fc.string({ minLength: 1, maxLength: 6 }),
  hsn: fc.option(fc.stringMatching(/^\d{4}$/), { nil: undefined }),
  quantity: fc.integer({ min: 0, max: 300 }),
  pricePaise: fc.integer({ min: 2, max: 10000 }).map((n) => n * 50), // whole rupees and halves, as price lists are
  gst: fc.constantFrom(0, 5, 12, 18, 28),
});
const ruleArb = fc
  .record({
    min: fc.integer({ min: 0, max: 3000 }),
    span: fc.integer({ min: 0, max: 5000 }),
    cmin: fc.integer({ min: 1, max: 5 }),
    cspan: fc.integer({ min: 0, max: 30 }),
  })
  .map((r) => ({ min: r.min, max: r.min + r.span, chunk_min: r.cmin, chunk_max: r.cmin + r.cspan }));
const rulesArb: fc.Arbitrary<RuleSet> = fc.record(
  { RATE: fc.array(ruleArb, { maxLength: 3 }), QUANTITY: fc.array(ruleArb, { maxLength: 2 }) },
  { requiredKeys: [] },
);

test('every promise holds for random stock, rules, amounts and seeds', () => {
  let billed = 0;
  let runs = 0;
  fc.assert(
    fc.property(
      fc.uniqueArray(itemArb, { minLength: 1, maxLength: 12, selector: (it) => it.name }),
      rulesArb,
      fc.double({ min: 0.001, max: 1.2, noNaN: true }),
      fc.integer(),
      fc.oneof(fc.integer({ min: 0, max: 99999 }), fc.constant('R-0098')),
      (its, rules, share, seed, startReference) => {
        runs++;
        const worth = its.reduce((s, it) => s + lineTotalPaise(it.pricePaise, it.gst, it.quantity), 0);
        const amount = Math.max(1, Math.floor(worth * share));
        const input: AllocationInput = {
          items: its,
          amount,
          rules,
          seed,
          startReference,
          date: '2025-05-01',
        };
        let result: AllocationResult;
        try {
          result = allocateBilling(input);
        } catch (e) {
          assert.ok(e instanceof AllocationError, String(e));
          if (e.code === 'insufficient-stock') assert.equal(e.shortBy, amount - worth);
          else {
            assert.equal(e.code, 'unreachable');
            assert.ok((e.shortBy > MAX_ROUND_OFF_PAISE && e.shortBy <= amount) || e.shortBy === amount);
          }
          return;
        }
        billed++;
        checkPromises(input, result, new Map([['2025-05-01', amount]]));
        assert.deepEqual(allocateBilling(input), result);
      },
    ),
    { numRuns: 150 },
  );
  // Random prices and rules often make an amount truly unreachable within ₹1 (chunk minimums above the
  // stock, prices far above a small amount), so only a share of runs bill; enough must, or the checks
  // above would prove nothing. (A twelfth since the exact search for the last rupees; a twentieth before.)
  assert.ok(billed >= runs / 12, `only ${billed} of ${runs} runs billed`);
});

test('with no rules and enough stock, amounts well within the stock are always met', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(itemArb, { minLength: 3, maxLength: 12, selector: (it) => it.name }),
      fc.double({ min: 0.05, max: 0.8, noNaN: true }),
      fc.integer(),
      (its, share, seed) => {
        const cheap = { name: 'Matchbox', quantity: 100000, pricePaise: 100, gst: 0 };
        const all = [...its, cheap];
        const worth = all.reduce((s, it) => s + lineTotalPaise(it.pricePaise, it.gst, it.quantity), 0);
        const amount = Math.max(1, Math.floor(worth * share));
        const input: AllocationInput = { items: all, amount, rules: {}, seed, startReference: 1 };
        checkPromises(input, allocateBilling(input), new Map([['', amount]]));
      },
    ),
    { numRuns: 100 },
  );
});

// The kirana list of ../shared/corpus/billing/items_small.xlsx: whole-rupee prices and coarse chunk
// rules leave few ways to make the last rupees; the random closing search alone failed here (seed 10).
const KIRANA: BillingItem[] = (
  [
    ['Sugar 5 kg', 240, 20000, 5],
    ['Wheat Atta 10 kg', 210, 39048, 5],
    ['Instant Noodles Pack of 4', 190, 5100, 12],
    ['Moong Dal 500 g', 200, 6800, 5],
    ['Frozen Green Peas 1 kg', 345, 15238, 5],
    ['Corn Flakes 875 g', 90, 27119, 18],
    ['Cashew W320 1 kg', 265, 81800, 5],
    ['Broken Wheat Dalia 1 kg', 300, 4286, 5],
    ['Toor Dal 500 g', 130, 7619, 5],
    ['Jaggery Loose 1 kg', 290, 5000, 0],
    ['Corn Flakes 475 g', 150, 15254, 18],
    ['Baking Soda 100 g', 95, 1634, 18],
    ['Mango Pickle 500 g', 180, 10300, 12],
    ['Refined Sunflower Oil 5 L', 120, 68100, 5],
    ['Refined Sunflower Oil 15 L Tin', 310, 182500, 5],
  ] as const
).map(([name, quantity, pricePaise, gst]) => ({ name, quantity, pricePaise, gst }));

test('the 15-item kirana list bills reasonable amounts under coarse rules, every seed', () => {
  const ruleSets: RuleSet[] = [
    {},
    {
      RATE: [
        { min: 0, max: 100, chunk_min: 1, chunk_max: 10 },
        { min: 100, max: 100000, chunk_min: 1, chunk_max: 3 },
      ],
    },
    { QUANTITY: [{ min: 0, max: 1e9, chunk_min: 5, chunk_max: 20 }] },
  ];
  for (const rules of ruleSets) {
    for (let seed = 0; seed < 12; seed++) {
      for (const amount of [1000000, 5432137, 50000000]) {
        checkOneAmount(KIRANA, amount, rules, seed);
      }
    }
  }
});

test('an amount some lines within the rules make exactly is always found (small amounts)', () => {
  // One line per item, RATE rules of at most 10 quantities, under ₹1,000: the exact search covers
  // every combination, so it must find these.
  fc.assert(
    fc.property(
      fc.uniqueArray(
        fc.record({
          name: fc.string({ minLength: 1, maxLength: 6 }),
          quantity: fc.integer({ min: 10, max: 60 }),
          pricePaise: fc.integer({ min: 100, max: 8000 }),
          gst: fc.constantFrom(0, 5, 12, 18, 28),
        }),
        { minLength: 1, maxLength: 8, selector: (it) => it.name },
      ),
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 0, max: 9 }),
      fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
      fc.integer(),
      (its, cmin, cspan, picks, seed) => {
        const rules: RuleSet = { RATE: [{ min: 0, max: 1e6, chunk_min: cmin, chunk_max: cmin + cspan }] };
        let amount = 0;
        its.forEach((it, i) => {
          const qty = picks[i] % (cspan + 2); // 0 means the item is not used
          // never more than the item's stock (a chunk of 11 from a stock of 10 is no valid line)
          if (qty > 0) amount += lineTotalPaise(it.pricePaise, it.gst, Math.min(cmin + qty - 1, it.quantity));
        });
        fc.pre(amount > 0 && amount <= 100000);
        checkOneAmount(its, amount, rules, seed);
      },
    ),
    { numRuns: 100 },
  );
});

test('an amount only one mix of two items makes (small chunks) is found, every seed', () => {
  // ₹12,390 = 20 × ₹472.50 + 20 × ₹147 is the only mix; one random draw missed it for about half the
  // seeds (the e2e billing screen then said it could not be billed). The amount is drawn again.
  const two: BillingItem[] = [
    { name: 'Basmati Rice 5 kg', quantity: 40, pricePaise: 45000, gst: 5 },
    { name: 'Sunflower Oil 1 L', quantity: 60, pricePaise: 14000, gst: 5 },
  ];
  const rules: RuleSet = { RATE: [{ min: 0, max: 100000, chunk_min: 1, chunk_max: 2 }] };
  for (let seed = 0; seed < 40; seed++) {
    checkOneAmount(two, toPaise(12390), rules, seed);
    const result = allocateBilling({ items: two, amount: toPaise(12390), rules, seed, startReference: 1 });
    assert.deepEqual(result.stockLeft, [20, 40], `seed ${seed}`);
  }
});

test('the 30 days of amounts.xlsx bill from the kirana list one day after another, every seed', () => {
  // ../shared/corpus/billing/amounts.xlsx in paise, 01-04-2025 onwards. Early days once used up the
  // cheap items the last rupees of later days need; items are now drawn by remaining stock value.
  const amounts = [
    2586000, 2143000, 3001000, 1778732, 3273612, 817000, 3239000, 1908884, 3586299, 2292856, 2273000, 1969000,
    1491277, 3117513, 2985000, 2456000, 2724900, 2652491, 1793508, 1774000, 3281183, 1882000, 3373000,
    3452000, 2843334, 2032779, 821000, 3377000, 2051704, 2799950,
  ];
  const datedAmounts = amounts.map((amount, d) => ({
    date: `2025-04-${String(d + 1).padStart(2, '0')}`,
    amount,
  }));
  for (let seed = 0; seed < 6; seed++) {
    const input: AllocationInput = { items: KIRANA, datedAmounts, rules: {}, seed, startReference: 1 };
    checkPromises(input, allocateBilling(input), new Map(datedAmounts.map((d) => [d.date, d.amount])));
  }
});
