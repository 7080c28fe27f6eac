// Tests that read ../shared (the statement corpus, the real corpus, the scoring tool) beside the
// repository. Without it they are skipped with a reason, so a checkout alone still tests itself; in
// CI (BAHI_TEST_CORPUS=required, set by .ci/run) a missing corpus fails instead of skipping.
import { existsSync } from 'node:fs';
import path from 'node:path';

export const SHARED = path.resolve(import.meta.dirname, '../../../../shared');
export const CORPUS = path.join(SHARED, 'corpus');
export const CORPUS_REAL = path.join(SHARED, 'corpus-real');

const required = process.env.BAHI_TEST_CORPUS === 'required';

const SCORE_TOOL = path.join(SHARED, 'tools/score.mjs');

/**
 * The scoring tool of ../shared (a read compared with a truth file, row by row). Without ../shared
 * it throws when called; the tests that call it are skipped by needs() before they do.
 */
export const { score } = existsSync(SCORE_TOOL)
  ? await import(SCORE_TOOL)
  : {
      score: () => {
        throw new Error(`${SCORE_TOOL} is absent`);
      },
    };

/**
 * node:test options for a test that needs `dir`: `{ skip: reason }` when it is absent, `{}` when it
 * is there. Throws when it is absent and required, so the run fails where it must not skip.
 */
export function needs(dir: string): { skip?: string } {
  if (existsSync(dir)) return {};
  const what = path.relative(path.resolve(SHARED, '..'), dir);
  if (required) throw new Error(`${what} is required (BAHI_TEST_CORPUS=required) but absent`);
  return { skip: `${what} is absent beside the repository` };
}
