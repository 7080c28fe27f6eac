// Every text PDF, XLSX and RPT statement of the corpus, scored against its truth with the shared
// scoring function: precision and recall 100%, balance check true, descriptions exact.
// (OCR files have their own suite in the readers' tests.) Read by the production reader, as the
// worker reads an upload. Skipped with a reason without ../shared (shared-corpus.ts).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement, toTruthJson } from '../src/parse/index.ts';
import { readDocument } from '../src/read/index.ts';
import { CORPUS as corpus, needs, score } from './shared-corpus.ts';

const truths = existsSync(corpus)
  ? readdirSync(corpus, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(path.join(corpus, d.name))
          .filter((f) => f.endsWith('.truth.json'))
          .map((f) => path.join(corpus, d.name, f)),
      )
      .map((f) => ({ file: f, truth: JSON.parse(readFileSync(f, 'utf8')) }))
      .filter((t) => ['pdf', 'xlsx', 'rpt'].includes(t.truth.format))
  : [];

test('the corpus is present', needs(corpus), () =>
  assert.ok(truths.length >= 40, `found ${truths.length} text statements`),
);

for (const { file, truth } of truths) {
  test(`corpus ${truth.file}`, async () => {
    const bytes = new Uint8Array(readFileSync(path.join(path.dirname(file), truth.file)));
    const { doc } = await readDocument(bytes, { password: truth.password ?? undefined, ocr: false });
    const result = parseStatement(doc);
    const s = score(truth, toTruthJson(result), truth.file);
    assert.equal(result.bank, truth.bank, 'detected bank');
    assert.equal(s.precision, 1, JSON.stringify(s));
    assert.equal(s.recall, 1, JSON.stringify(s));
    assert.equal(s.descriptionExact, s.expected, JSON.stringify(s));
    assert.equal(s.balanceOk, true, JSON.stringify(s));
    assert.ok(result.accounts.every((a) => a.reconciliation.ok));
  });
}
