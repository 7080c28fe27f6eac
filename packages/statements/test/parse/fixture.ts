// A saved fixture of the reader's tests, by its set (a folder of test/fixtures) and name: a document
// as the reader took it ('*.doc.json', '*-read.ocr.json') or its truth ('*.truth.json',
// '*.expected.json'). One way to load them, so a test says only which file it reads.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../fixtures');

export function fixture(set: 'generated' | 'scan-bench', name: string) {
  return JSON.parse(readFileSync(path.join(root, set, name), 'utf8'));
}
