// The messages between the server thread and the embedded database's thread (pglite-thread.ts).

export type Request = { id: number; tx?: number } & (
  | {
      op: 'query';
      sql: string;
      params?: unknown[];
      rowMode?: 'array' | 'object';
      /** type OIDs whose values come back as PostgreSQL's text (drizzle's parsers for dates) */
      raw?: number[];
    }
  | { op: 'exec'; sql: string }
  | { op: 'begin' }
  | { op: 'end'; commit: boolean }
  | { op: 'close' }
);

export type Reply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: WireError });

/** An error as plain data: its class name, message, frames and every field of a primitive value. */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean>;
}

export function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), fields: {} };
  const fields: WireError['fields'] = {};
  for (const [k, v] of Object.entries(err))
    // (never the parameters: they may hold a statement's data)
    if (k !== 'params' && (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'))
      fields[k] = v;
  return { name: err.name, message: err.message, ...(err.stack ? { stack: err.stack } : {}), fields };
}

export function fromWireError(w: WireError): Error {
  const err = new Error(w.message);
  Object.assign(err, w.fields);
  // (name last: a field must not rename it)
  Object.defineProperty(err, 'name', { value: w.name, configurable: true, writable: true });
  if (w.stack) err.stack = w.stack;
  return err;
}
