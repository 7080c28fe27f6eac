// Dumps the SourceDocument the product's readers make of a file (OCR included) as JSON, so OCR
// output can be studied and turned into parser fixtures without running OCR again.
//   npm exec -- node packages/statements/scripts/dump-source.ts FILE OUT.json [PASSWORD]
import { readFile, writeFile } from 'node:fs/promises';
import { readDocument } from '../src/read/index.ts';
import { closeOcr } from '../src/read/ocr.ts';

const [file, out, password] = process.argv.slice(2);
if (!file || !out) throw new Error('usage: dump-source.ts FILE OUT.json [PASSWORD]');
const t0 = performance.now();
const { doc } = await readDocument(new Uint8Array(await readFile(file)), { password, fileName: file });
await closeOcr();
await writeFile(out, JSON.stringify(doc) + '\n');
console.log(`${file}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
