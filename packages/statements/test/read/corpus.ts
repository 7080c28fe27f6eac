// The shared statement corpus (../shared/corpus from the repository root) and its manifest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS = path.resolve(fileURLToPath(import.meta.url), '../../../../../../shared/corpus');

export interface ManifestFile {
  file: string;
  truth: string;
  bank: string;
  format: string;
  pages: number;
  transactions: number;
  password: string | null;
}

export const manifest: { files: ManifestFile[] } = JSON.parse(
  readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8'),
);

export function corpusBytes(file: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(CORPUS, file)));
}
