// Every read the reader's gates make, written out whole (the result and its explain trace), so a
// change meant to keep the output byte-identical can be proved so with `diff -r`:
//   node packages/statements/scripts/snapshot.ts OUTDIR [--docs=CACHE] [--seeds=1:40,29001:20]
// The documents are what the readers make of the files (read/ is not under test here); --docs keeps
// them between runs, so a second snapshot only parses.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { parseStatement } from '../src/parse/index.ts';
import { explainText } from '../src/parse/explain.ts';
import { Trace } from '../src/parse/trace.ts';
import { readDocument } from '../src/read/index.ts';
import type { SourceDocument } from '../src/source.ts';
import { cases } from '../test/perturb/cases.ts';
import { pdfCases } from '../test/perturb/pdf-cases.ts';
import { renderStatement } from '../test/perturb/pdf-recipe.ts';
import { sheetCases } from '../test/perturb/sheet-cases.ts';
import { CORPUS, CORPUS_REAL } from '../test/shared-corpus.ts';

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith('--'));
if (!out) throw new Error('usage: snapshot.ts OUTDIR [--docs=CACHE] [--seeds=SEED:PER_BANK,...]');
const cache = args.find((a) => a.startsWith('--docs='))?.slice(7);
const seeds = (args.find((a) => a.startsWith('--seeds='))?.slice(8) ?? '1:40,29001:20,101001:20')
  .split(',')
  .map((s) => s.split(':').map(Number) as [number, number]);
mkdirSync(out, { recursive: true });
if (cache) mkdirSync(cache, { recursive: true });

const safe = (name: string) => name.replace(/[^\w.-]+/g, '_');

async function docOf(
  name: string,
  make: () => Promise<SourceDocument> | SourceDocument,
): Promise<SourceDocument> {
  const file = cache && path.join(cache, `${safe(name)}.v8`);
  if (file && existsSync(file)) return deserialize(readFileSync(file)) as SourceDocument;
  const doc = await make();
  if (file) writeFileSync(file, serialize(doc));
  return doc;
}

let n = 0;
function snap(name: string, doc: SourceDocument): void {
  const trace = new Trace();
  let text: string;
  try {
    const result = parseStatement(doc, { trace });
    text = `${JSON.stringify(result, null, 1)}\n${explainText(result, trace)}`;
  } catch (err) {
    text = `threw ${(err as Error).stack}`;
  }
  writeFileSync(path.join(out!, `${safe(name)}.txt`), text);
  n++;
}

const fromFile = (file: string, password?: string | null) => async () =>
  (
    await readDocument(new Uint8Array(readFileSync(file)), {
      password: password ?? undefined,
      fileName: path.basename(file),
      ocr: false,
    })
  ).doc;

for (const dir of [CORPUS, CORPUS_REAL]) {
  const manifest: { files: { file: string; password?: string | null }[] } = JSON.parse(
    readFileSync(path.join(dir, 'manifest.json'), 'utf8'),
  );
  for (const f of manifest.files) {
    const name = `${path.basename(dir)}/${f.file}`;
    try {
      snap(name, await docOf(name, fromFile(path.join(dir, f.file), f.password)));
    } catch (err) {
      writeFileSync(path.join(out, `${safe(name)}.txt`), `unreadable ${(err as Error).message}`);
    }
  }
}
const fixtures = path.resolve(import.meta.dirname, '../test/fixtures');
for (const bank of readdirSync(fixtures))
  for (const f of readdirSync(path.join(fixtures, bank)).filter((x) => x.endsWith('.source.json')))
    snap(`fixture/${bank}/${f}`, JSON.parse(readFileSync(path.join(fixtures, bank, f), 'utf8')));
for (const c of cases(3, 12)) snap(`perturb/${c.name}`, c.doc);
for (const c of sheetCases()) snap(`sheet/${c.name}`, c.doc);
for (const [seed, perBank] of seeds)
  for (const c of pdfCases(perBank, seed)) {
    const name = `pdf/${seed}/${c.name}`;
    snap(name, await docOf(name, async () => readPdf(await renderStatement(c.truth, c.recipe))));
  }

async function readPdf(bytes: Uint8Array): Promise<SourceDocument> {
  return (await readDocument(bytes, { fileName: 'variant.pdf', ocr: false })).doc;
}
console.log(`${n} reads written to ${out}`);
