// The statement corpus of ../shared beside the repository (real statements, their truths, billing
// workbooks), which some server tests read. Without it those tests are skipped with the reason, so a
// checkout alone still tests itself; in CI (BAHI_TEST_CORPUS=required, set by .ci/run) a missing
// corpus fails the run instead. The same rule and words as the tally package's shared().
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const CORPUS = path.resolve(import.meta.dirname, '../../../../../shared/corpus');

function corpusOptions(): { skip?: string } {
  if (existsSync(CORPUS)) return {};
  if (process.env.BAHI_TEST_CORPUS === 'required') throw new Error('../shared/corpus is required but absent');
  return { skip: '../shared/corpus is absent beside the repository' };
}

/** The node:test options of a test (or describe) that reads the corpus. */
export const needsCorpus = corpusOptions();

// Read inside the tests, never at import, so that a file loads and reports its skips without it.

/** The bytes of a corpus file (`rel` as 'HDFC/HDFC_short.pdf'). */
export const corpusFile = (rel: string) => readFileSync(path.join(CORPUS, rel));

/** A JSON file of the corpus (a statement's truth). */
export const corpusJson = (rel: string) => JSON.parse(readFileSync(path.join(CORPUS, rel), 'utf8'));

/** The real statements (../shared/corpus-real): skipped without them, as the corpus is. */
export const REAL_CORPUS = path.resolve(import.meta.dirname, '../../../../../shared/corpus-real');
export const needsRealCorpus: { skip?: string } = existsSync(REAL_CORPUS)
  ? {}
  : process.env.BAHI_TEST_CORPUS === 'required'
    ? (() => {
        throw new Error('../shared/corpus-real is required but absent');
      })()
    : { skip: '../shared/corpus-real is absent beside the repository' };
