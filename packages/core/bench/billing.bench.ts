// Issue 6: allocate ₹1 crore over a 400-item list comparable to ../shared/corpus/billing/items_large.xlsx
// (400 items across trades, GST 0/5/12/18/28, stock worth about ₹2.4 crore with GST). core has no I/O,
// so the list is generated here from a seed.
import { allocateBilling, type BillingItem, type RuleSet } from '../src/billing/index.ts';
import { seededRng, randomInt } from '../src/random.ts';
import { measure } from './measure.ts';

const rng = seededRng(1);
const rates = [0, 5, 5, 5, 12, 18, 18, 18, 28];
const items: BillingItem[] = Array.from({ length: 400 }, (_, i) => {
  const cheap = rng() < 0.6;
  const pricePaise = cheap ? randomInt(rng, 500, 50000) : randomInt(rng, 50000, 2500000);
  return {
    name: `Item ${i + 1}`,
    hsn: String(1000 + i),
    quantity: cheap ? randomInt(rng, 20, 300) : randomInt(rng, 2, 15),
    pricePaise,
    gst: rates[randomInt(rng, 0, rates.length - 1)],
  };
});
const rules: RuleSet = {
  RATE: [
    { min: 0, max: 100, chunk_min: 5, chunk_max: 50 },
    { min: 100.01, max: 1000, chunk_min: 1, chunk_max: 10 },
    { min: 1000.01, max: 1e9, chunk_min: 1, chunk_max: 3 },
  ],
  QUANTITY: [{ min: 0, max: 10, chunk_min: 1, chunk_max: 2 }],
};
const worth = items.reduce(
  (s, it) => s + Math.round((it.pricePaise * it.quantity * (100 + it.gst)) / 100),
  0,
);
console.log(`400 items, stock worth ₹${(worth / 100).toFixed(2)} with GST`);

let last = allocateBilling({ items, amount: 1_00_00_000_00, rules, seed: 1, startReference: 'INV-0001' });
measure('allocate ₹1 crore over 400 items', 5, () => {
  last = allocateBilling({ items, amount: 1_00_00_000_00, rules, seed: 7, startReference: 'INV-0001' });
});
const lines = last.vouchers.reduce((s, v) => s + v.Items.length, 0);
console.log(`${last.vouchers.length} invoices, ${lines} lines, round-off ${last.roundOffPaise} paise`);
