/**
 * Random split (spec section 5, issue 7): the amount is floored and divided into n whole parts, each
 * within [min, max], summing exactly to the floored amount.
 *
 * Return type: always `parts` (n numbers, or [] when n <= 0), plus `ok`. When the spec says 'all parts
 * are 0' (n or the amount 0 or less, min above max), or when no split within the bounds exists
 * (n × min > amount or n × max < amount), the parts are all zeros and `ok` is false with a `reason`
 * code and a user-readable `message`: we never break the bounds or the sum to produce something.
 */
import { randomInt, type Rng } from './random.ts';

export type SplitFailure = 'no-parts' | 'no-amount' | 'min-above-max' | 'infeasible';

export type SplitResult =
  { ok: true; parts: number[] } | { ok: false; parts: number[]; reason: SplitFailure; message: string };

export const SPLIT_DEFAULT_MIN = 1;
export const SPLIT_DEFAULT_MAX = 100;

export function randomSplit(
  amount: number,
  n: number,
  min: number = SPLIT_DEFAULT_MIN,
  max: number = SPLIT_DEFAULT_MAX,
  rng: Rng = Math.random,
): SplitResult {
  const count = Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
  const total = Number.isFinite(amount) ? Math.floor(amount) : 0;
  // Parts are whole and never negative: the bounds narrow to the whole numbers inside them.
  const lo = Math.max(0, Math.ceil(min));
  const hi = Math.floor(max);
  const zeros = new Array<number>(count).fill(0);
  const fail = (reason: SplitFailure, message: string): SplitResult => ({
    ok: false,
    parts: zeros,
    reason,
    message,
  });

  if (count <= 0) return fail('no-parts', 'The number of parts must be at least 1.');
  if (total <= 0) return fail('no-amount', 'The amount to split must be more than 0.');
  if (!(lo <= hi)) return fail('min-above-max', 'The minimum value must not be more than the maximum value.');
  if (count * lo > total || count * hi < total) {
    return fail(
      'infeasible',
      `${total} cannot be split into ${count} parts between ${lo} and ${hi}: ` +
        `the parts can add up to between ${count * lo} and ${count * hi}.`,
    );
  }

  // Each part is drawn uniformly from a window centred on the mean of what is left, clipped so the
  // remaining parts can still be completed within the bounds. Centring keeps the last parts from
  // being forced to an extreme; the final shuffle removes any positional bias.
  const parts: number[] = [];
  let left = total;
  for (let i = 0; i < count; i++) {
    const rest = count - i - 1;
    const lower = Math.max(lo, left - rest * hi);
    const upper = Math.min(hi, left - rest * lo);
    const mean = left / (rest + 1);
    const spread = Math.min(mean - lo, hi - mean);
    const from = Math.max(lower, Math.ceil(mean - spread));
    const to = Math.min(upper, Math.floor(mean + spread));
    const part = from <= to ? randomInt(rng, from, to) : randomInt(rng, lower, upper);
    parts.push(part);
    left -= part;
  }
  for (let i = parts.length - 1; i > 0; i--) {
    const j = randomInt(rng, 0, i);
    [parts[i], parts[j]] = [parts[j], parts[i]];
  }
  return { ok: true, parts };
}
