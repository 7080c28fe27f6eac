// Headings the reader has never seen: every word of each page's heading line is replaced, so the
// table must be found from its dated rows and its figures told apart by the balance arithmetic.
// The statements must still be read, and what is read must be right (a row read wrong fails).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corpusNeeded } from '../read/corpus.ts';
import { score } from '../shared-corpus.ts';
import { parseStatement, toTruthJson } from '../../src/parse/index.ts';
import type { SourceDocument } from '../../src/source.ts';
import { baseDocuments } from './cases.ts';

/** Replaces the letters of every word on a line that names the balance column. */
function blankHeadings(doc: SourceDocument): SourceDocument {
  const copy = structuredClone(doc);
  if (copy.kind !== 'pages') return copy;
  for (const p of copy.pages) {
    const ys = p.words.filter((w) => /^balance/i.test(w.text)).map((w) => w.y);
    for (const w of p.words)
      if (ys.some((y) => Math.abs(w.y - y) < 2 * w.height) && !/\d/.test(w.text))
        w.text = w.text.replace(/[A-Za-z]/g, 'Q');
  }
  return copy;
}

test('statements with unknown headings are read from their rows', corpusNeeded, () => {
  const docs = baseDocuments();
  assert.ok(docs.length >= 13);
  let expected = 0;
  let matched = 0;
  const wrong: string[] = [];
  let inferred = 0;
  for (const d of docs) {
    const result = parseStatement(blankHeadings(d.doc));
    const s = score(d.truth, toTruthJson(result), `${d.bank}/${d.name}`);
    expected += s.expected;
    matched += s.matched;
    // every row given must be a row of the statement
    if (s.found !== s.matched) wrong.push(JSON.stringify(s));
    // the user is told the columns were placed without headings
    if (result.issues.some((i) => i.kind === 'layout' && /headings/.test(i.message))) inferred++;
  }
  assert.deepEqual(wrong, []);
  assert.ok(inferred >= docs.length / 2, `${inferred} of ${docs.length} read without headings`);
  assert.ok(matched / expected >= 0.9, `${matched} of ${expected} rows read`);
});
