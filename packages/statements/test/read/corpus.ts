// The shared statement corpus (../shared/corpus from the repository root) and its manifest.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CORPUS, needs } from '../shared-corpus.ts';

export { CORPUS };

/** The options of a test that reads the corpus: skipped with the reason without it, failing in CI. */
export const corpusNeeded = needs(CORPUS);

export interface ManifestFile {
  file: string;
  truth: string;
  bank: string;
  format: string;
  pages: number;
  transactions: number;
  password: string | null;
}

/** The corpus's manifest; no files without the corpus (the tests that need it are skipped). */
export const manifest: { files: ManifestFile[] } = existsSync(CORPUS)
  ? JSON.parse(readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8'))
  : { files: [] };

export function corpusBytes(file: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(CORPUS, file)));
}
