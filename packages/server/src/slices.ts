// Work on a whole statement's rows done in slices, the event loop free between them (issues 37 and
// 38). The server has one thread: converting, storing and answering 24,000 rows (500 pages) in one
// go held it ~180 ms on a quiet machine and 400 ms under load, and every request that arrived
// meanwhile (the health check, the office's jobs list) waited that long. A slice of 1,000 rows
// costs a few milliseconds.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';

/** Rows per slice: a few ms of work on the slowest step (a row's JSON or its display form). */
export const SLICE_ROWS = 1000;

/** `items.map(fn)`, letting other callbacks run between slices of `size` items. */
export async function mapInSlices<T, U>(
  items: readonly T[],
  fn: (item: T, index: number) => U,
  size = SLICE_ROWS,
): Promise<U[]> {
  const out = new Array<U>(items.length);
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + size);
    for (let i = start; i < end; i++) out[i] = fn(items[i]!, i);
  }
  return out;
}

/**
 * `JSON.stringify(value)` of an object whose long arrays are written a slice at a time, the event
 * loop free between slices; the same text, key for key (a key whose value JSON leaves out is left
 * out). Values other than long arrays are written whole.
 */
export async function jsonInSlices(value: Record<string, unknown>, size = SLICE_ROWS): Promise<string> {
  const parts: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (!Array.isArray(v) || v.length <= size) {
      const text = JSON.stringify(v);
      if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
      continue;
    }
    parts.push(`${JSON.stringify(key)}:${await jsonArrayInSlices(v, size)}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * `JSON.stringify(items)` written a slice of `size` items at a time, the event loop free between
 * slices (from the first: the caller's own work before it is one turn already). The same text.
 */
export async function jsonArrayInSlices(items: readonly unknown[], size = SLICE_ROWS): Promise<string> {
  const slices: string[] = [];
  for (let start = 0; start < items.length; start += size) {
    await nextTurn();
    // an array's JSON without its brackets; holes and undefined are written null, as JSON does
    slices.push(JSON.stringify(items.slice(start, start + size)).slice(1, -1));
  }
  return `[${slices.join(',')}]`;
}

/**
 * A JSONB column's value for an insert, its JSON written in slices (jsonArrayInSlices) rather than
 * by the driver in one JSON.stringify: a 500-page statement's stored rows are ~3 MB of JSON.
 */
export async function jsonbInSlices(items: readonly unknown[], size = SLICE_ROWS): Promise<SQL> {
  return sql`${await jsonArrayInSlices(items, size)}::jsonb`;
}
