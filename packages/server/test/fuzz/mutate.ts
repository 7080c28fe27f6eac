// Mutations of statement files for the fuzz run (issue 37): small, seeded, each named, so that a
// failing mutant can be made again from its seed. Byte-level for every file (PDFs, workbooks,
// zips), line-level for text ones (CSV, RPT), and splices of two files.

import { seededRng } from '@bahi/core';

/** The same seed gives the same mutant on every machine (core's mulberry32). */
export const rng = seededRng;

type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);

/** Text-like files (a statement's CSV or report), mutated by lines as well as by bytes. */
export function isText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  let printable = 0;
  for (const b of head) if (b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127) || b >= 128) printable++;
  return head.length > 0 && printable / head.length > 0.97 && !(head[0] === 0x25 && head[1] === 0x50); // not %P(DF)
}

type Mutation = { name: string; apply(bytes: Uint8Array, r: Rand, other: Uint8Array): Uint8Array };

const copy = (b: Uint8Array) => new Uint8Array(b);

const BYTE_MUTATIONS: Mutation[] = [
  {
    name: 'flip bytes',
    apply: (b, r) => {
      const out = copy(b);
      for (let i = 1 + int(r, 16); i > 0 && out.length; i--) out[int(r, out.length)] ^= 1 << int(r, 8);
      return out;
    },
  },
  { name: 'truncate', apply: (b, r) => b.slice(0, int(r, b.length)) },
  {
    name: 'zero a range',
    apply: (b, r) => {
      const out = copy(b);
      const at = int(r, out.length);
      out.fill(0, at, at + 1 + int(r, 4096));
      return out;
    },
  },
  {
    name: 'insert random bytes',
    apply: (b, r) => {
      const at = int(r, b.length + 1);
      const junk = Uint8Array.from({ length: 1 + int(r, 2048) }, () => int(r, 256));
      return concat(b.subarray(0, at), junk, b.subarray(at));
    },
  },
  {
    name: 'repeat a slice',
    apply: (b, r) => {
      const at = int(r, b.length);
      const slice = b.subarray(at, at + 1 + int(r, 8192));
      const times = 2 + int(r, 30);
      return concat(b.subarray(0, at), ...Array.from({ length: times }, () => slice), b.subarray(at));
    },
  },
  {
    name: 'splice two files',
    apply: (b, r, other) => concat(b.subarray(0, int(r, b.length)), other.subarray(int(r, other.length))),
  },
  {
    // digits turned into other digits: figures that no longer add up, dates that do not exist
    name: 'change digits',
    apply: (b, r) => {
      const out = copy(b);
      for (let i = 0; i < out.length; i++)
        if (out[i]! >= 48 && out[i]! <= 57 && r() < 0.01) out[i] = 48 + int(r, 10);
      return out;
    },
  },
];

const enc = new TextEncoder();
const dec = new TextDecoder();
const byLines = (name: string, f: (lines: string[], r: Rand) => string[]): Mutation => ({
  name,
  apply: (b, r) => enc.encode(f(dec.decode(b).split('\n'), r).join('\n')),
});

const LINE_MUTATIONS: Mutation[] = [
  byLines('drop lines', (ls, r) => ls.filter(() => r() > 0.1)),
  byLines('duplicate lines', (ls, r) => ls.flatMap((l) => (r() < 0.1 ? [l, l] : [l]))),
  byLines('shuffle some lines', (ls, r) => {
    const out = [...ls];
    for (let i = 0; i < 1 + int(r, 20); i++) {
      const a = int(r, out.length);
      const c = int(r, out.length);
      [out[a], out[c]] = [out[c]!, out[a]!];
    }
    return out;
  }),
  byLines('repeat the body', (ls, r) => {
    const times = 2 + int(r, 40);
    return [ls[0] ?? '', ...Array.from({ length: times }, () => ls.slice(1)).flat()];
  }),
  byLines('swap fields', (ls, r) =>
    ls.map((l) => {
      if (r() > 0.2) return l;
      const f = l.split(',');
      const a = int(r, f.length);
      const c = int(r, f.length);
      [f[a], f[c]] = [f[c]!, f[a]!];
      return f.join(',');
    }),
  ),
  byLines('long runs', (ls, r) =>
    ls.map((l) => {
      if (r() > 0.05) return l;
      const run = ['9', ' ', ',', '"', '-', '.', '\t'][int(r, 7)]!.repeat(1 + int(r, 20_000));
      const at = int(r, l.length + 1);
      return l.slice(0, at) + run + l.slice(at);
    }),
  ),
  byLines('quote chaos', (ls, r) =>
    ls.map((l) => (r() < 0.2 ? l.replace(/,/g, () => ['","', '"', ',', ';'][int(r, 4)]!) : l)),
  ),
];

/**
 * A text statement grown to `rows` lines by repeating its body: a year of a busy account's
 * download. Past about 120,000 rows the reader threw RangeError (a spread over the rows) before
 * issue 37, so the fuzz run always reads one of these for each text file of the corpora. A page
 * break inside a line counts as the two lines a printed report's reader makes of it, so a grown
 * report stays within MAX_TABLE_ROWS when `rows` does and is parsed, not refused (issue 33).
 */
export function grow(bytes: Uint8Array, rows: number): Uint8Array {
  const lines = dec.decode(bytes).split('\n');
  const body = lines.slice(1).filter((l) => l.trim() !== '');
  const out = [lines[0] ?? ''];
  let kept = 1;
  for (let i = 0; body.length > 0; i = (i + 1) % body.length) {
    const l = body[i]!;
    const counts = 1 + 2 * (l.split('\f').length - 1);
    if (kept + counts > rows) break;
    out.push(l);
    kept += counts;
  }
  return enc.encode(out.join('\n'));
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Mutant number `seed` of `bytes` (`other` is another file of the corpus, for splices). */
export function mutate(
  bytes: Uint8Array,
  other: Uint8Array,
  seed: number,
): { bytes: Uint8Array; mutations: string[] } {
  const r = rng(seed);
  const pool = isText(bytes) ? [...BYTE_MUTATIONS, ...LINE_MUTATIONS, ...LINE_MUTATIONS] : BYTE_MUTATIONS;
  const mutations: string[] = [];
  let out = bytes;
  // one to three mutations on top of each other
  for (let i = 1 + int(r, 3); i > 0; i--) {
    const m = pool[int(r, pool.length)]!;
    out = m.apply(out, r, other);
    mutations.push(m.name);
  }
  // an empty file is refused before any reader (NO_BYTES): keep at least a byte
  if (out.length === 0) out = bytes.subarray(0, 1);
  return { bytes: out, mutations };
}
