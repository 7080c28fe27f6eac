// Issue 33: a NUL in a value read from a file (an XLSX cell's `_x0000_`) or sent in a request made
// PostgreSQL refuse the row (text may hold no NUL), put the statement into the error log and
// answered 500 on eight routes. Control characters carry nothing a bookkeeper wrote, so they are
// taken out where values enter: the readers' answers and the request bodies.

/** C0 controls but TAB, LF and CR (line breaks in a narration are kept), DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/** The text without its control characters (the same string when it has none). */
export function cleanText(s: string): string {
  return CONTROL.test(s) ? s.replace(CONTROLS, '') : s;
}

/**
 * Every string inside `value` (plain objects and arrays, walked in place) without its control
 * characters; keys too. Byte arrays and other objects (dates, buffers) are left as they are.
 * Returns `value`, changed.
 */
export function cleanValues<T>(value: T, seen: WeakSet<object> = new WeakSet()): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  // A reader's answer may share an object between places (structured clone keeps that): once each.
  if (seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = cleanValues(value[i], seen);
    return value;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const clean = cleanText(key);
    const v = cleanValues(obj[key], seen);
    if (clean !== key) {
      delete obj[key];
      obj[clean] = v;
    } else obj[key] = v;
  }
  return value;
}
