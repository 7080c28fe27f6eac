// The fuzz run (issue 37): mutants of the statement corpora read through the reader pool with the
// server's settings (`bahi serve`'s memory budget, its time limits), as a drop is read. A mutant
// passes when it is read, or refused with a reason (a StatementError other than INTERNAL, which is
// the reader's "unexpected" exception), within the reader's time limit (the watchdog's, plus slack
// for a loaded machine). Anything else is a finding: an unexpected exception in a reader, an error
// that is not a StatementError, a read past the watchdog.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  closePool,
  configurePool,
  extractStatement,
  isStatementError,
  readWorkbookRows,
} from '@bahi/statements';
import { DEFAULT_MEMORY_MB } from '../../src/config.ts';
import { grow, isText, mutate } from './mutate.ts';

/**
 * Rows of the grown text mutants: past the ~120,000 where a spread over rows threw, and within the
 * 125,000 a delimited table may have (MAX_TABLE_ROWS: past it a CSV is refused before its parse).
 */
export const GROWN_ROWS = 124_000;
/** Workbooks read again as grown CSVs (each costs a reader ~10 s). */
const GROWN_WORKBOOKS = 2;

const csvLine = (row: unknown[]) =>
  row
    .map((c) =>
      c === null || c === undefined
        ? ''
        : /[",\n]/.test(String(c))
          ? `"${String(c).replace(/"/g, '""')}"`
          : String(c),
    )
    .join(',');

export const CORPORA = ['corpus', 'corpus-real'].map((d) =>
  path.resolve(import.meta.dirname, '../../../../../shared', d),
);

/** The pool's longest job (its maxJobMs default), and slack for a reader's start on a loaded machine. */
const WATCHDOG_MS = 5 * 60_000;
const SLACK_MS = 30_000;

/** Every statement file of the corpora (not the truths, manifests or notes). */
export function corpusFiles(dirs = CORPORA): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (!/\.(json|md)$/i.test(name) && statSync(p).size > 0) out.push(p);
    }
  };
  for (const d of dirs) walk(d);
  return out;
}

export type Outcome = {
  seed: number;
  file: string;
  mutations: string[];
  bytes: number;
  ms: number;
  /** 'read', or the StatementError code it was refused with, or 'THREW' */
  code: string;
  finding?: string;
};

export type FuzzReport = { outcomes: Outcome[]; findings: Outcome[]; byCode: Record<string, number> };

/**
 * Reads `count` mutants (seeds `from`..`from + count - 1`; mutant k mutates file k mod n), `concurrency`
 * at a time, through a pool configured as `bahi serve` configures it.
 */
export async function fuzz(opts: {
  count: number;
  from?: number;
  concurrency?: number;
  files?: string[];
  /**
   * Also read, grown past GROWN_ROWS rows (seed 0, one each): every text file of the corpora, and
   * the first workbooks' rows written as CSV (the delimited download of the same statement).
   */
  grown?: boolean;
  onOutcome?: (o: Outcome) => void;
}): Promise<FuzzReport> {
  const files = opts.files ?? corpusFiles();
  if (files.length === 0) throw new Error('no corpus files');
  const cache = new Map<string, Uint8Array>();
  const load = (f: string) => {
    let b = cache.get(f);
    if (!b) cache.set(f, (b = new Uint8Array(readFileSync(f))));
    return b;
  };
  // as start.ts: the readers share the embedded server's memory budget
  configurePool({ memoryBudgetMb: DEFAULT_MEMORY_MB.pglite });
  const from = opts.from ?? 1;
  const outcomes: Outcome[] = [];
  let next = 0;
  const one = async (seed: number, grownFrom?: { file: string; bytes: Uint8Array }): Promise<Outcome> => {
    const file = grownFrom?.file ?? files[(seed - 1) % files.length]!;
    const other = files[(seed * 7 + 3) % files.length]!;
    const m = grownFrom
      ? { bytes: grow(grownFrom.bytes, GROWN_ROWS), mutations: [`grow to ${GROWN_ROWS} rows`] }
      : mutate(load(file), load(other), seed);
    const started = performance.now();
    let code = 'read';
    let finding: string | undefined;
    try {
      await extractStatement(m.bytes, { fileName: path.basename(file), owner: `fuzz-${seed % 4}` });
    } catch (err) {
      if (!isStatementError(err)) {
        code = 'THREW';
        finding = `not a StatementError: ${String(err)}`;
      } else {
        code = err.code;
        if (err.code === 'INTERNAL') finding = `reader failed unexpectedly: ${err.logMessage}`;
      }
    }
    const ms = performance.now() - started;
    if (!finding && ms > WATCHDOG_MS + SLACK_MS) finding = `ran ${Math.round(ms)} ms, past the watchdog`;
    const rel = path.relative(path.resolve(CORPORA[0]!, '..'), file);
    return {
      seed,
      file: rel,
      mutations: m.mutations,
      bytes: m.bytes.length,
      ms: Math.round(ms),
      code,
      ...(finding ? { finding } : {}),
    };
  };
  const grown: { file: string; bytes: Uint8Array }[] = [];
  if (opts.grown) {
    for (const f of files) if (isText(load(f))) grown.push({ file: f, bytes: load(f) });
    for (const f of files
      .filter((f) => /\.xlsx$/i.test(f) && !/protected/i.test(f))
      .slice(0, GROWN_WORKBOOKS)) {
      const rows = await readWorkbookRows(load(f)).catch(() => null);
      if (rows)
        grown.push({ file: `${f}.csv`, bytes: new TextEncoder().encode(rows.map(csvLine).join('\n')) });
    }
  }
  const lanes = Array.from({ length: opts.concurrency ?? 2 }, async () => {
    for (let g = grown.shift(); g; g = grown.shift()) {
      const o = await one(0, g);
      outcomes.push(o);
      opts.onOutcome?.(o);
    }
    while (next < opts.count) {
      const seed = from + next++;
      const o = await one(seed);
      outcomes.push(o);
      opts.onOutcome?.(o);
    }
  });
  try {
    await Promise.all(lanes);
  } finally {
    await closePool();
  }
  outcomes.sort((a, b) => a.seed - b.seed);
  const byCode: Record<string, number> = {};
  for (const o of outcomes) byCode[o.code] = (byCode[o.code] ?? 0) + 1;
  return { outcomes, findings: outcomes.filter((o) => o.finding), byCode };
}

/** The mutant of a seed, to look at a finding again (`report.ts --save DIR` writes them). */
export function mutantOf(seed: number, files = corpusFiles()) {
  const file = files[(seed - 1) % files.length]!;
  const other = files[(seed * 7 + 3) % files.length]!;
  return { file, ...mutate(new Uint8Array(readFileSync(file)), new Uint8Array(readFileSync(other)), seed) };
}
