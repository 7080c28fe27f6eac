/**
 * The billing allocation engine (issue 6, DESIGN.md 'Billing'): bills an amount (tax included) out of
 * a stock list as invoices, line quantities bounded by the chunking rules (rules.ts).
 *
 * How the amount is met exactly: lines are drawn at random (item among those that still fit, with
 * odds in proportion to the value of its remaining stock; quantity uniformly within the rule's chunk range and what is left to bill) until nothing more
 * fits without going over. Then the last two lines are taken back and the best replacement of one,
 * two or three lines (distinct items) is searched so that what remains is as small as possible, never
 * negative; if more than the round-off still remains, the last 4, 8, 16... lines are drawn again
 * (a few times); if still more than the round-off remains, an exact knapsack over whole paise recombines
 * the last ₹1,000 or more of lines (closeExactly); failing that, the whole amount is drawn again
 * (REDRAWS times at most). What still remains (0 to 99 paise) is the invoice's round-off: the last invoice of each
 * amount carries it in `RoundOff` (rupees; Tally's usual Round Off ledger), so
 * Σ line Totals + Σ RoundOff = the amount, to the paisa. Item prices are never bent to fit.
 * When even that leaves a rupee or more, or the stock is worth less than the amount, the engine
 * throws an AllocationError saying by how much it falls short. Nothing is ever billed beyond stock.
 *
 * Dated amounts (the second workbook) are billed in date order, each as its own invoices dated that
 * day, from one shared stock; `amount` is then ignored. References run on across all invoices.
 * Everything random comes from `seed`: the same input gives the same invoices.
 */
import { DomainError } from '../errors.ts';
import { formatIndian, paiseToRupees, type Paise } from '../money.ts';
import { isIsoDate } from '../dates.ts';
import { randomInt, seededRng, type Rng } from '../random.ts';
import { lineTotalPaise } from './line.ts';
import { referenceAt } from './references.ts';
import { chunkRange, type RuleSet } from './rules.ts';

export interface BillingItem {
  name: string;
  hsn?: string;
  /** units available: a whole number */
  quantity: number;
  /** selling price per unit before GST, in paise */
  pricePaise: Paise;
  /** percent, e.g. 18 */
  gst: number;
}

export interface DatedAmount {
  /** ISO date */
  date: string;
  /** tax included, paise */
  amount: Paise;
}

export interface AllocationInput {
  items: readonly BillingItem[];
  /** tax included, paise; used when there are no dated amounts */
  amount?: Paise;
  datedAmounts?: readonly DatedAmount[];
  rules: RuleSet;
  seed: number;
  /** the first invoice's reference, e.g. 1 or 'INV-0001' */
  startReference: string | number;
  /** ISO date of the invoices for `amount` ('' when not given) */
  date?: string;
  /** most lines on one invoice (default 5) */
  maxLinesPerVoucher?: number;
}

/** The specification's voucher item, plus the item's HSN for the tax invoice ('' when none). */
export interface BillingVoucherItem {
  'Item Name': string;
  HSN: string;
  Quantity: number;
  /** rupees per unit before GST */
  'Selling Price': number;
  /** percent */
  GST: number;
  /** rupees, = lineTotal(Selling Price, GST, Quantity) */
  Total: number;
}

export interface BillingVoucher {
  Reference: string;
  /** ISO date, or '' */
  Date: string;
  Items: BillingVoucherItem[];
  /** rupees, 0 to 0.99: what the lines could not make exactly (see above) */
  RoundOff: number;
}

export interface AllocationResult {
  vouchers: BillingVoucher[];
  /** Σ Totals + Σ RoundOff, always equal to the amount asked for */
  totalPaise: Paise;
  roundOffPaise: Paise;
  /** units left of each input item, by index */
  stockLeft: number[];
}

export type AllocationErrorCode = 'bad-input' | 'insufficient-stock' | 'unreachable';

export class AllocationError extends DomainError {
  /** how much could not be billed, paise (0 for bad input) */
  readonly shortBy: Paise;

  constructor(code: AllocationErrorCode, userMessage: string, shortBy: Paise, logMessage?: string) {
    super(code, userMessage, logMessage);
    this.name = 'AllocationError';
    this.shortBy = shortBy;
  }
}

/** Below one rupee, as round-off on an Indian invoice is. */
export const MAX_ROUND_OFF_PAISE = 99;
export const DEFAULT_MAX_LINES_PER_VOUCHER = 5;
/** Lines taken back before the closing search; more would rarely find a better fit and cost time. */
const LINES_TAKEN_BACK = 2;
/** Redraws of the last lines (4, 8, 16... of them) before giving up on an amount. */
const RETRIES = 10;
/** Whole draws of an amount again when one leaves more than the round-off. */
const REDRAWS = 16;
/** Lines of an amount's first draw above which it is not drawn again. */
const REDRAW_MAX_LINES = 200;
/** Quantities per item the closing search considers (all of them when the range is this small). */
const QUANTITIES_PER_ITEM = 24;
/** First lines tried in the two-line and three-line searches; each costs one pass over the items. */
const PAIR_STARTS = 128;
const TRIPLE_STARTS = 64;
/** The exact search (closeExactly): paise it opens first, items and quantities per item it considers,
 * tries, and how far beyond the budget what is open may be (only dear items fit) before it gives up. */
const EXACT_BUDGET = 100_000;
const EXACT_ITEMS = 32;
const EXACT_QUANTITIES = 24;
const EXACT_ATTEMPTS = 4;
const EXACT_MAX_PAISE = 1_000_000;
const EXACT_WORK = 10_000_000;

interface Line {
  item: number;
  qty: number;
  total: Paise;
}

const rupees = (p: Paise) => `₹${formatIndian(p)}`;

function bad(message: string): AllocationError {
  return new AllocationError('bad-input', message, 0);
}

function validate(input: AllocationInput): DatedAmount[] {
  input.items.forEach((it, i) => {
    const where = `Item ${i + 1} (${it.name})`;
    if (!Number.isInteger(it.quantity) || it.quantity < 0)
      throw bad(`${where}: quantity must be a whole number.`);
    if (!Number.isInteger(it.pricePaise) || it.pricePaise < 0)
      throw bad(`${where}: selling price is not valid.`);
    if (!Number.isFinite(it.gst) || it.gst < 0) throw bad(`${where}: GST is not valid.`);
  });
  if (input.datedAmounts && input.datedAmounts.length > 0) {
    for (const d of input.datedAmounts) {
      if (!isIsoDate(d.date)) throw bad(`The date ${JSON.stringify(d.date)} is not a valid date.`);
      if (!Number.isInteger(d.amount) || d.amount < 0) throw bad(`The amount for ${d.date} is not valid.`);
    }
    // Stable sort: invoices are numbered in date order.
    return [...input.datedAmounts].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }
  const amount = input.amount ?? 0;
  if (!Number.isInteger(amount) || amount <= 0) throw bad('Please enter a valid amount to allocate.');
  return [{ date: input.date ?? '', amount }];
}

export function allocateBilling(input: AllocationInput): AllocationResult {
  const targets = validate(input);
  const { items, rules } = input;
  const rng = seededRng(input.seed);
  const maxLines = Math.max(1, Math.floor(input.maxLinesPerVoucher ?? DEFAULT_MAX_LINES_PER_VOUCHER));
  const stock = items.map((it) => it.quantity);

  const wanted = targets.reduce((s, t) => s + t.amount, 0);
  const worth = items.reduce((s, it) => s + lineTotalPaise(it.pricePaise, it.gst, it.quantity), 0);
  if (worth < wanted) {
    throw new AllocationError(
      'insufficient-stock',
      `The stock is worth ${rupees(worth)} with GST, ${rupees(wanted - worth)} short of the ${rupees(wanted)} to allocate.`,
      wanted - worth,
    );
  }

  const range = (i: number) => chunkRange(rules, paiseToRupees(items[i].pricePaise), stock[i]);
  const total = (i: number, qty: number) => lineTotalPaise(items[i].pricePaise, items[i].gst, qty);

  const vouchers: BillingVoucher[] = [];
  let roundOffPaise = 0;
  for (const target of targets) {
    if (target.amount === 0) continue;
    // A draw can leave the amount unreachable when only one mix of the items makes it (a few items,
    // small chunks): the whole amount is drawn again, from the same stock, a few times. Not for
    // amounts of many lines: those have many mixes, and each draw again would cost seconds.
    const before = stock.slice();
    let { lines, left } = billOne(target.amount, items.length, stock, range, total, rng);
    const redraws = lines.length <= REDRAW_MAX_LINES ? REDRAWS : 0;
    for (let again = 0; (lines.length === 0 || left > MAX_ROUND_OFF_PAISE) && again < redraws; again++) {
      before.forEach((q, i) => (stock[i] = q));
      ({ lines, left } = billOne(target.amount, items.length, stock, range, total, rng));
    }
    if (lines.length === 0 || left > MAX_ROUND_OFF_PAISE) {
      const day = target.date ? ` for ${target.date}` : '';
      throw new AllocationError(
        'unreachable',
        `${rupees(left)} of the ${rupees(target.amount)}${day} could not be billed from the stock within the chunking rules.`,
        left,
      );
    }
    roundOffPaise += left;
    const group = groupIntoVouchers(lines, maxLines, rng);
    group.forEach((ls, k) =>
      vouchers.push({
        Reference: '',
        Date: target.date,
        Items: ls.map((l) => voucherItem(items[l.item], l)),
        RoundOff: k === group.length - 1 ? paiseToRupees(left) : 0,
      }),
    );
  }
  vouchers.forEach((v, k) => (v.Reference = referenceAt(input.startReference, k)));
  return { vouchers, totalPaise: wanted, roundOffPaise, stockLeft: stock };
}

function voucherItem(item: BillingItem, line: Line): BillingVoucherItem {
  return {
    'Item Name': item.name,
    HSN: item.hsn ?? '',
    Quantity: line.qty,
    'Selling Price': paiseToRupees(item.pricePaise),
    GST: item.gst,
    Total: paiseToRupees(line.total),
  };
}

type RangeOf = (i: number) => { min: number; max: number } | null;
type TotalOf = (i: number, qty: number) => Paise;

/** Largest quantity in [min, max] whose line total is within `budget` (min's total must be). */
function largestQtyWithin(i: number, min: number, max: number, budget: Paise, total: TotalOf): number {
  const unit = total(i, 1);
  let q = unit > 0 ? Math.min(max, Math.max(min, Math.floor(budget / unit))) : max;
  while (q > min && total(i, q) > budget) q--;
  while (q < max && total(i, q + 1) <= budget) q++;
  return q;
}

/**
 * Lines for one amount; mutates `stock`. Random lines, then the closing search; when more than the
 * round-off is still left (a cheap item ran out early, say), more and more of the last lines are
 * taken back and drawn again, a few times.
 */
function billOne(amount: Paise, count: number, stock: number[], range: RangeOf, total: TotalOf, rng: Rng) {
  const lines: Line[] = [];
  let left = amount;
  for (let attempt = 0, back = 0; attempt < RETRIES; attempt++, back = Math.max(4, back * 2)) {
    for (const l of lines.splice(Math.max(0, lines.length - back))) {
      stock[l.item] += l.qty;
      left += l.total;
    }
    left = fillRandomly(lines, left, count, stock, range, total, rng);
    if (left === 0) break;

    // Closing search: take the last lines back and look for the one, two or three lines that fit best.
    const taken = lines.splice(Math.max(0, lines.length - LINES_TAKEN_BACK));
    for (const l of taken) stock[l.item] += l.qty;
    const budget = left + sum(taken);
    const best = closeGap(budget, count, stock, range, total, rng);
    const chosen = budget - sum(best) < left ? best : taken;
    for (const l of chosen) stock[l.item] -= l.qty;
    lines.push(...chosen);
    left = budget - sum(chosen);
    if (left <= MAX_ROUND_OFF_PAISE || back >= lines.length) break;
  }
  for (let attempt = 0; left > MAX_ROUND_OFF_PAISE && attempt < EXACT_ATTEMPTS; attempt++) {
    // Each try opens twice the budget of the last: more lines to recombine. Once a try has taken
    // every line back, a bigger budget would search the same again.
    const budget = EXACT_BUDGET * 2 ** attempt;
    const everything = sum(lines) + left <= budget;
    left = closeExactly(lines, left, budget, count, stock, range, total, rng);
    if (everything) break;
  }
  return { lines, left };
}

/**
 * The exact search for the last rupees, when the random closing above left a rupee or more: take the
 * last lines back until `budget` is open (refilling randomly down to that when more opened up),
 * then a 0/1 knapsack over whole paise, one line per item, picks the lines that come closest to it
 * without going over. Exhaustive over the items it looks at (at most EXACT_ITEMS, EXACT_QUANTITIES
 * quantities each); the caller retries with other items. Keeps the old lines when it does no better.
 */
function closeExactly(
  lines: Line[],
  left: Paise,
  budget: Paise,
  count: number,
  stock: number[],
  range: RangeOf,
  total: TotalOf,
  rng: Rng,
): Paise {
  const saved = lines.slice();
  const savedStock = stock.slice();
  const savedLeft = left;
  while (left < budget && lines.length > 0) {
    const l = lines.pop()!;
    stock[l.item] += l.qty;
    left += l.total;
  }
  left = fillRandomly(lines, left, count, stock, range, total, rng, budget);
  if (left > 2 * budget + EXACT_MAX_PAISE) {
    // Only items dearer than the search can afford remain: nothing better to find here.
    lines.splice(0, lines.length, ...saved);
    savedStock.forEach((q, i) => (stock[i] = q));
    return savedLeft;
  }
  const options: Line[][] = [];
  const candidates: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = stock[i] > 0 && total(i, 1) > 0 ? range(i) : null;
    if (r && total(i, r.min) <= left) candidates.push(i);
  }
  shuffle(candidates, rng);
  let work = 0;
  for (const i of candidates.slice(0, EXACT_ITEMS)) {
    const r = range(i)!;
    const hi = largestQtyWithin(i, r.min, r.max, left, total);
    const opts = spreadOfQuantities(r.min, hi, EXACT_QUANTITIES).map((qty) => ({
      item: i,
      qty,
      total: total(i, qty),
    }));
    // The knapsack costs about (open paise) x (quantities) steps: stop adding items at the limit.
    work += (left + 1) * opts.length;
    if (work > EXACT_WORK && options.length > 0) break;
    options.push(opts);
  }
  // reach[s]: some lines of distinct items make s paise; who/qty: the line that first made it.
  const reach = new Uint8Array(left + 1);
  const who = new Int32Array(left + 1).fill(-1);
  const pick = new Int32Array(left + 1);
  reach[0] = 1;
  const bestIn = () => {
    for (let s = left; s >= Math.max(0, left - MAX_ROUND_OFF_PAISE); s--) if (reach[s]) return s;
    return -1;
  };
  for (let k = 0; k < options.length && bestIn() < 0; k++) {
    const opts = options[k];
    // Downwards, so that reach[s - t] is still what the earlier items made (each item once).
    for (let s = left; s > 0; s--) {
      if (reach[s]) continue;
      for (let o = 0; o < opts.length; o++) {
        const t = opts[o].total;
        if (t > s) break;
        if (reach[s - t]) {
          reach[s] = 1;
          who[s] = k;
          pick[s] = o;
          break;
        }
      }
    }
  }
  let best = bestIn();
  if (best < 0) for (best = left; best > 0 && !reach[best]; best--);
  if (left - best >= savedLeft) {
    lines.splice(0, lines.length, ...saved);
    savedStock.forEach((q, i) => (stock[i] = q));
    return savedLeft;
  }
  for (let s = best; s > 0;) {
    const line = options[who[s]][pick[s]];
    lines.push(line);
    stock[line.item] -= line.qty;
    s -= line.total;
  }
  return left - best;
}

/**
 * At most `most` quantities spread evenly over [min, max], both ends included; every one when the
 * range is that small. Steps are at least 1, so they are distinct and increasing.
 */
function spreadOfQuantities(min: number, max: number, most: number): number[] {
  const span = max - min;
  const steps = Math.min(span, most - 1);
  return Array.from(
    { length: steps + 1 },
    (_, k) => min + (steps === 0 ? 0 : Math.round((k * span) / steps)),
  );
}

function shuffle<T>(xs: T[], rng: Rng): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randomInt(rng, 0, i);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
}

/** Adds random lines while any fits in what is left above `floor`; returns what is left. */
function fillRandomly(
  lines: Line[],
  left: Paise,
  count: number,
  stock: number[],
  range: RangeOf,
  total: TotalOf,
  rng: Rng,
  floor: Paise = 0,
): Paise {
  for (;;) {
    const room = left - floor;
    const fits: number[] = [];
    for (let i = 0; i < count; i++) {
      if (stock[i] === 0 || total(i, 1) === 0) continue;
      const r = range(i);
      if (r && total(i, r.min) <= room) fits.push(i);
    }
    if (fits.length === 0) return left;
    const i = byStockValue(fits, stock, total, rng);
    const r = range(i)!;
    // At most half of what is left of an item per random line, so cheap items are rarely used up
    // before the closing search needs them for the last rupees.
    const half = Math.max(r.min, Math.min(r.max, Math.ceil(stock[i] / 2)));
    const qty = randomInt(rng, r.min, largestQtyWithin(i, r.min, half, room, total));
    const line = { item: i, qty, total: total(i, qty) };
    lines.push(line);
    stock[i] -= qty;
    left -= line.total;
  }
}

/**
 * An item drawn with odds in proportion to the value of its remaining stock, so every item runs down
 * at about the same pace: the cheap items the last rupees need are not used up by early amounts
 * (dated amounts bill day after day from one stock).
 */
function byStockValue(fits: readonly number[], stock: readonly number[], total: TotalOf, rng: Rng): number {
  let all = 0;
  for (const i of fits) all += stock[i] * total(i, 1);
  let x = rng() * all;
  for (const i of fits) {
    x -= stock[i] * total(i, 1);
    if (x < 0) return i;
  }
  return fits[fits.length - 1];
}

const sum = (ls: readonly Line[]) => ls.reduce((s, l) => s + l.total, 0);

function closeGap(
  budget: Paise,
  count: number,
  stock: number[],
  range: RangeOf,
  total: TotalOf,
  rng: Rng,
): Line[] {
  // The most of `budget` one more line of item i can take, or null.
  const fit = (i: number, room: Paise): Line | null => {
    if (stock[i] === 0 || total(i, 1) === 0) return null;
    const r = range(i);
    if (!r || total(i, r.min) > room) return null;
    const qty = largestQtyWithin(i, r.min, r.max, room, total);
    return { item: i, qty, total: total(i, qty) };
  };
  // Starting lines: a spread of quantities of every item (all of them when the range is small).
  const grid: Line[] = [];
  for (let i = 0; i < count; i++) {
    const r = stock[i] > 0 ? range(i) : null;
    if (!r) continue;
    for (const qty of spreadOfQuantities(r.min, r.max, QUANTITIES_PER_ITEM)) {
      const t = total(i, qty);
      if (t > 0 && t <= budget) grid.push({ item: i, qty, total: t });
    }
  }
  const pick = () => grid[randomInt(rng, 0, grid.length - 1)];

  let best: Line[] = [];
  let bestSum = 0;
  // Fills what `fixed` leaves of the budget with the best single line of another item.
  const complete = (fixed: Line[]) => {
    const room = budget - sum(fixed);
    if (room < 0) return;
    for (let i = 0; i < count && bestSum < budget; i++) {
      if (fixed.some((l) => l.item === i)) continue;
      const line = fit(i, room);
      if (line && budget - room + line.total > bestSum) {
        best = [...fixed, line];
        bestSum = budget - room + line.total;
      }
    }
  };
  complete([]);
  const starts = grid.length <= PAIR_STARTS ? grid : Array.from({ length: PAIR_STARTS }, pick);
  for (const a of starts) if (bestSum < budget) complete([a]);
  for (let s = 0; s < TRIPLE_STARTS && bestSum < budget && grid.length > 1; s++) {
    const a = pick();
    const b = pick();
    if (a.item !== b.item) complete([a, b]);
  }
  return best;
}

/** Consecutive lines into invoices of 1..maxLines lines, never the same item twice on one invoice. */
function groupIntoVouchers(lines: readonly Line[], maxLines: number, rng: Rng): Line[][] {
  const groups: Line[][] = [];
  let current: Line[] = [];
  let size = randomInt(rng, 1, maxLines);
  for (const line of lines) {
    if (current.length >= size || current.some((l) => l.item === line.item)) {
      groups.push(current);
      current = [];
      size = randomInt(rng, 1, maxLines);
    }
    current.push(line);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}
