// A statement's transactions as they cross from a reader process to the server (issues 37/38). As
// objects, 24,000 rows (500 pages) are ~4 MB of V8 serialization that the server's one thread
// deserializes in one piece (~21 ms of CPU, more under load), before any request waiting behind it
// is answered. Packed in columns (one string of every text end to end, their lengths, the amounts
// in a Float64Array, a byte of flags a row) it deserializes in about a millisecond on a quiet
// machine, and the rows are made again in slices with the event loop free between them. Packed in
// parts of 2,000 rows, each its own message: one message of 3 MB still cost the server's thread
// 13-35 ms of CPU in one piece (Node's IPC joins the message's reads into one buffer, then
// deserializes it), a part of 250 KB 1-5 ms (issue 38, decision 028 session 10).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Transaction } from '../parse/types.ts';

/** Rows a part (one message, one slice made again on the server's side: ~1-2 ms). */
export const PART_ROWS = 2000;
/** A text's length standing for null. */
const NULL = 0xffffffff;
// flags
const PAGE = 1;
const OCR_FLAG = 2;
const OCR_FLAG_ON = 4;
const COMPUTED = 8;
const COMPUTED_ON = 16;
const NO_BALANCE = 32;

export interface PackedRows {
  count: number;
  /** date, valueDate, description, reference of every row, end to end */
  text: string;
  /** their lengths, 4 a row (NULL for null) */
  lengths: Uint32Array<ArrayBuffer>;
  /** withdrawal, deposit, balance, page: 4 a row */
  numbers: Float64Array<ArrayBuffer>;
  flags: Uint8Array<ArrayBuffer>;
}

/** A transaction's keys in the order the parser writes them; optional ones at the end. */
const KEYS = ['date', 'valueDate', 'description', 'reference', 'withdrawal', 'deposit', 'balance'];
const OPTIONAL = ['page', 'ocrFlag', 'balanceComputed'];

/** Whether `t` has exactly the shape packRows keeps (anything else is sent as it is). */
function packable(t: Transaction): boolean {
  const keys = Object.keys(t);
  if (keys.length < KEYS.length) return false;
  for (let i = 0; i < KEYS.length; i++) if (keys[i] !== KEYS[i]) return false;
  let next = 0;
  for (let i = KEYS.length; i < keys.length; i++) {
    const at = OPTIONAL.indexOf(keys[i]!, next);
    if (at < 0) return false;
    next = at + 1;
  }
  return (
    typeof t.date === 'string' &&
    (t.valueDate === null || typeof t.valueDate === 'string') &&
    typeof t.description === 'string' &&
    (t.reference === null || typeof t.reference === 'string') &&
    typeof t.withdrawal === 'number' &&
    typeof t.deposit === 'number' &&
    (t.balance === null || typeof t.balance === 'number') &&
    (!('page' in t) || typeof t.page === 'number') &&
    (!('ocrFlag' in t) || typeof t.ocrFlag === 'boolean') &&
    (!('balanceComputed' in t) || typeof t.balanceComputed === 'boolean')
  );
}

/** A list's rows packed in parts of `size`; null when a row has another shape (sent as it is). */
export function packTransactions(
  rows: readonly Transaction[],
  clean: (s: string) => string = (s) => s,
  size = PART_ROWS,
): PackedRows[] | null {
  if (!rows.every(packable)) return null;
  const parts: PackedRows[] = [];
  for (let start = 0; start < rows.length; start += size)
    parts.push(packPart(rows.slice(start, start + size), clean));
  return parts;
}

function packPart(rows: readonly Transaction[], clean: (s: string) => string): PackedRows {
  const n = rows.length;
  const texts: string[] = [];
  const lengths = new Uint32Array(n * 4);
  const numbers = new Float64Array(n * 4);
  const flags = new Uint8Array(n);
  const put = (i: number, raw: string | null) => {
    const s = raw === null ? null : clean(raw);
    lengths[i] = s === null ? NULL : s.length;
    if (s) texts.push(s);
  };
  rows.forEach((t, r) => {
    const at = r * 4;
    put(at, t.date);
    put(at + 1, t.valueDate);
    put(at + 2, t.description);
    put(at + 3, t.reference);
    numbers[at] = t.withdrawal;
    numbers[at + 1] = t.deposit;
    numbers[at + 2] = t.balance ?? 0;
    numbers[at + 3] = t.page ?? 0;
    flags[r] =
      (t.balance === null ? NO_BALANCE : 0) |
      ('page' in t ? PAGE : 0) |
      ('ocrFlag' in t ? OCR_FLAG | (t.ocrFlag ? OCR_FLAG_ON : 0) : 0) |
      ('balanceComputed' in t ? COMPUTED | (t.balanceComputed ? COMPUTED_ON : 0) : 0);
  });
  return { count: n, text: texts.join(''), lengths, numbers, flags };
}

/** The rows of `parts` made again in order, one part a turn of the event loop. */
export async function unpackTransactions(parts: readonly PackedRows[]): Promise<Transaction[]> {
  const out: Transaction[] = [];
  for (const [k, p] of parts.entries()) {
    if (k > 0) await nextTurn();
    let pos = 0;
    const take = (i: number): string | null => {
      const len = p.lengths[i]!;
      if (len === NULL) return null;
      const s = p.text.slice(pos, pos + len);
      pos += len;
      return s;
    };
    for (let r = 0; r < p.count; r++) {
      const at = r * 4;
      const f = p.flags[r]!;
      const t: Transaction = {
        date: take(at)!,
        valueDate: take(at + 1),
        description: take(at + 2)!,
        reference: take(at + 3),
        withdrawal: p.numbers[at]!,
        deposit: p.numbers[at + 1]!,
        balance: f & NO_BALANCE ? null : p.numbers[at + 2]!,
      };
      if (f & PAGE) t.page = p.numbers[at + 3]!;
      if (f & OCR_FLAG) t.ocrFlag = (f & OCR_FLAG_ON) !== 0;
      if (f & COMPUTED) t.balanceComputed = (f & COMPUTED_ON) !== 0;
      out.push(t);
    }
  }
  return out;
}

interface WithAccounts {
  result?: { accounts?: { transactions: Transaction[] }[] };
  other?: { result?: { accounts?: { transactions: Transaction[] }[] } } | null;
}

/** The transaction lists of an extract job's answer: its read's accounts, then the other read's. */
function lists(value: unknown): { transactions: Transaction[] }[] {
  const v = value as WithAccounts | null;
  if (!v || typeof v !== 'object') return [];
  return [...(v.result?.accounts ?? []), ...(v.other?.result?.accounts ?? [])].filter((a) =>
    Array.isArray(a?.transactions),
  );
}

/**
 * Takes every transaction list out of an answer (left empty) and answers them packed in parts, in
 * order; a list of any other shape stays in place (null in the answer's list). Null when nothing
 * was packed. `clean` is applied to every text packed (the reader's cleaning, done here in the same
 * pass).
 */
export function packAnswer(
  value: unknown,
  clean?: (s: string) => string,
  size = PART_ROWS,
): (PackedRows[] | null)[] | null {
  const packed = lists(value).map((a) => {
    const p = a.transactions.length > 0 ? packTransactions(a.transactions, clean, size) : null;
    if (p) a.transactions = [];
    return p;
  });
  return packed.some(Boolean) ? packed : null;
}

/** packAnswer undone: the lists put back in place, made a part at a time. */
export async function unpackAnswer<T>(
  value: T,
  packed: readonly (readonly PackedRows[] | null)[],
): Promise<T> {
  const accounts = lists(value);
  for (let i = 0; i < packed.length; i++) {
    const p = packed[i];
    if (p && accounts[i]) accounts[i]!.transactions = await unpackTransactions(p);
  }
  return value;
}
