// The corpus's photo read end to end as an upload is (reader, OCR, parse) and scored against its
// truth with the shared scoring function. Slow (OCR): `npm run test:ocr`. Skipped with a reason
// without ../shared (shared-corpus.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { parseStatement, toTruthJson } from '../../src/parse/index.ts';
import { readDocument } from '../../src/read/index.ts';
import { closeOcr } from '../../src/read/ocr.ts';
import { CORPUS, needs, score } from '../shared-corpus.ts';

after(() => closeOcr());

test('corpus PNB_photo.png: every row read, the balance chain holds', needs(CORPUS), async () => {
  // A photographed page of a table drawn in a full grid. Before the remnants of its crossed rules
  // were whitened (decision 041, round four), the recogniser read them as ':' and ')' in empty
  // cells and the last row was lost (12 of 13).
  const file = path.join(CORPUS, 'PNB/PNB_photo.png');
  const truth = JSON.parse(readFileSync(file.replace(/\.png$/, '.truth.json'), 'utf8'));
  const { doc } = await readDocument(new Uint8Array(readFileSync(file)));
  const s = score(truth, toTruthJson(parseStatement(doc)), truth.file);
  assert.equal(s.recall, 1, JSON.stringify(s));
  assert.equal(s.precision, 1, JSON.stringify(s));
  assert.equal(s.balanceOk, true, JSON.stringify(s));
});
