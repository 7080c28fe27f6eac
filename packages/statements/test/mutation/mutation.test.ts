// Mutation test: a few hundred randomly corrupted corpus PDFs (bytes flipped, truncated, spliced;
// seeded, so a failure reproduces) go through the worker pool. Each must end in a result or a
// clear StatementError within its limit; the pool must stay up throughout.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seededRng } from '@bahi/core';
import { StatementError } from '../../src/errors.ts';
import { StatementPool } from '../../src/worker/pool.ts';
import { corpusBytes, corpusNeeded, manifest } from '../read/corpus.ts';

const SEED = Number(process.env.MUTATION_SEED ?? 20250401);
const MUTANTS = Number(process.env.MUTANTS ?? 200);
const LIMIT_MS = 8000;

function mutate(src: Uint8Array, rand: () => number): { bytes: Uint8Array; how: string } {
  const int = (n: number) => Math.floor(rand() * n);
  const kind = int(3);
  if (kind === 0) {
    const out = src.slice();
    const flips = 1 + int(40);
    for (let i = 0; i < flips; i++) out[int(out.length)] = int(256);
    return { bytes: out, how: `flip ${flips}` };
  }
  if (kind === 1) {
    const at = int(src.length);
    return { bytes: src.slice(0, at), how: `truncate at ${at}` };
  }
  const from = int(src.length);
  const len = 1 + int(2000);
  const to = int(src.length);
  const out = new Uint8Array(src.length);
  out.set(src);
  out.set(src.subarray(from, from + len).subarray(0, src.length - to), to);
  return { bytes: out, how: `splice ${len}@${from}->${to}` };
}

test(
  `${MUTANTS} mutated PDFs through the pool: results or clear errors, none past the limit`,
  corpusNeeded,
  async () => {
    const sources = manifest.files
      .filter((f) => f.format === 'pdf' && !f.password && f.pages <= 2)
      .map((f) => ({ name: f.file, bytes: corpusBytes(f.file) }));
    assert.ok(sources.length >= 5);
    const rand = seededRng(SEED);
    // OCR would only make this slow: text pages that lose their text layer are reported as such.
    const pool = new StatementPool({ size: 2, maxJobMs: LIMIT_MS });
    const counts: Record<string, number> = {};
    const slow: string[] = [];
    const internal: string[] = [];
    try {
      const jobs = Array.from({ length: MUTANTS }, () => {
        const src = sources[Math.floor(rand() * sources.length)];
        const m = mutate(src.bytes, rand);
        return { label: `${src.name} ${m.how}`, bytes: m.bytes };
      });
      await Promise.all(
        jobs.map(async (job) => {
          const outcome = await pool.run({ op: 'extract', bytes: job.bytes, ocr: false }).then(
            () => 'result',
            (e: unknown) => {
              assert.ok(e instanceof StatementError, `${job.label}: not a StatementError: ${String(e)}`);
              assert.ok(e.userMessage.length > 0);
              if (e.code === 'INTERNAL') internal.push(`${job.label}: ${e.logMessage}`);
              return e.code;
            },
          );
          counts[outcome] = (counts[outcome] ?? 0) + 1;
          // The pool's limit ends a job that runs too long (TIMEOUT); how long a job waited in the
          // queue behind 199 others is the machine's load, not the job's, so it is not asserted.
          if (outcome === 'TIMEOUT') slow.push(job.label);
        }),
      );
    } finally {
      await pool.close();
    }
    console.log(`mutation outcomes (seed ${SEED}): ${JSON.stringify(counts)}`);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    assert.equal(total, MUTANTS);
    assert.deepEqual(slow, [], 'no mutant should need the time limit');
    assert.deepEqual(internal, [], 'unexpected internal errors');
  },
);
