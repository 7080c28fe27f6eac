// The largest and smallest of many numbers without spreading them into a call: Math.max(...xs)
// passes every element as an argument on the stack, and past about 120,000 (a year of a busy
// account's rows) it throws RangeError (issue 37). Same answers as Math.max/Math.min: -Infinity
// (Infinity) for none, NaN when any is NaN.

export function maxOf(xs: Iterable<number>): number {
  let m = -Infinity;
  for (const x of xs) {
    if (Number.isNaN(x)) return NaN;
    if (x > m) m = x;
  }
  return m;
}

export function minOf(xs: Iterable<number>): number {
  let m = Infinity;
  for (const x of xs) {
    if (Number.isNaN(x)) return NaN;
    if (x < m) m = x;
  }
  return m;
}

/** Appends every element of `xs` to `to` (to.push(...xs) throws past the same size). */
export function pushAll<T>(to: T[], xs: readonly T[]): void {
  for (const x of xs) to.push(x);
}
