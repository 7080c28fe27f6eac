// Work on a whole statement's rows done in slices, the event loop free between them (issues 37 and
// 38). The server has one thread: converting, storing and answering 24,000 rows (500 pages) in one
// go held it ~180 ms on a quiet machine and 400 ms under load, and every request that arrived
// meanwhile (the health check, the office's jobs list) waited that long. A slice of 250 rows
// costs about a millisecond.
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Rows per slice: about a millisecond of work on the slowest step (a row's JSON or its display
 * form). 1,000 until session 14: 4-5 ms of the thread's CPU a slice at load 10 (decision 052, round
 * ten), half of the 10 ms a cheap route may take; a turn between slices costs microseconds.
 */
export const SLICE_ROWS = 250;

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
 * loop free between slices, as pieces that joined are the same text, key for key (a key whose value
 * JSON leaves out is left out). Values other than long arrays are written whole. Pieces, not one
 * string: joining a 500-page answer (4.7 MB) and encoding it in one go held the thread 35-75 ms
 * (issue 38); sendJson encodes the pieces a slice at a time.
 */
export async function jsonInSlices(value: Record<string, unknown>, size = SLICE_ROWS): Promise<string[]> {
  const parts: string[] = ['{'];
  for (const [key, v] of Object.entries(value)) {
    const name = `${parts.length > 1 ? ',' : ''}${JSON.stringify(key)}:`;
    if (!Array.isArray(v) || v.length <= size) {
      const text = JSON.stringify(v);
      if (text !== undefined) parts.push(name + text);
      continue;
    }
    parts.push(name, ...(await jsonArrayInSlices(v, size)));
  }
  parts.push('}');
  return parts;
}

/**
 * `JSON.stringify(items)` written a slice of `size` items at a time, the event loop free between
 * slices (from the first: the caller's own work before it is one turn already), as pieces that
 * joined are the same text.
 */
export async function jsonArrayInSlices(items: readonly unknown[], size = SLICE_ROWS): Promise<string[]> {
  const parts = ['['];
  for (let start = 0; start < items.length; start += size) {
    await nextTurn();
    // an array's JSON without its brackets; holes and undefined are written null, as JSON does
    const text = JSON.stringify(items.slice(start, start + size)).slice(1, -1);
    parts.push(start > 0 ? `,${text}` : text);
  }
  parts.push(']');
  return parts;
}

/**
 * Characters of text encoded per slice: 64 KB, about a millisecond (256 KB until session 14 took
 * 4-6 ms of CPU a slice at load 10, the piece's flattening and encoding together).
 */
export const SLICE_CHARS = 64 * 1024;

/**
 * `Buffer.from(texts.join(''))` as a list of buffers, at most SLICE_CHARS characters encoded per
 * turn of the event loop. A piece is cut only between two UTF-16 units that are not one surrogate
 * pair, so the bytes are those of the whole text.
 */
export async function utf8InSlices(texts: readonly string[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  let done = 0;
  for (const text of texts) {
    for (let at = 0; at < text.length;) {
      if (done >= SLICE_CHARS) {
        await nextTurn();
        done = 0;
      }
      let end = Math.min(text.length, at + SLICE_CHARS - done);
      // never between the two halves of a surrogate pair
      const last = text.charCodeAt(end - 1);
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
      out.push(Buffer.from(at === 0 && end === text.length ? text : text.slice(at, end)));
      done += end - at;
      at = end;
    }
  }
  return out;
}
