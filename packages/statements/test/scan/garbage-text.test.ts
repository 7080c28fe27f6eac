// A text layer that does not decode (issue 32), told from one that does: src/scan/garbage-text.ts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { readDocument } from '../../src/index.ts';
import { garbageText } from '../../src/scan/garbage-text.ts';
import { garbleTextLayer } from '../ocr/garbage-pdf.ts';
import { plainRecipe } from '../ocr/scan-bench.ts';
import { pdfCases, truthOf } from '../perturb/pdf-cases.ts';
import { renderStatement, truthFor } from '../perturb/pdf-recipe.ts';
import { CORPUS, CORPUS_REAL, needs } from '../shared-corpus.ts';

async function pageTexts(pdf: Uint8Array): Promise<string[][]> {
  const { doc } = await readDocument(pdf, { ocr: false });
  assert.equal(doc.kind, 'pages');
  return doc.kind === 'pages' ? doc.pages.map((p) => p.words.map((w) => w.text)) : [];
}

function pdfsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return pdfsUnder(p);
    return name.endsWith('.pdf') ? [p] : [];
  });
}

describe('garbage text layers', () => {
  test('a statement whose fonts decode to the wrong characters is garbage on every page', async () => {
    for (const c of pdfCases(1, 1).slice(0, 4)) {
      const recipe = plainRecipe(c.recipe);
      const pdf = await renderStatement(truthFor(truthOf(c.bank)!, recipe, c.seed), recipe);
      for (const how of ['glyph-ids', 'letters'] as const) {
        const pages = await pageTexts(garbleTextLayer(pdf, how));
        assert.ok(pages.length > 0);
        for (const [i, texts] of pages.entries())
          assert.ok(garbageText(texts), `${c.name} ${how} page ${i + 1}: ${texts.slice(0, 3).join(' ')}`);
      }
      for (const [i, texts] of (await pageTexts(pdf)).entries())
        assert.ok(!garbageText(texts), `${c.name} as drawn, page ${i + 1}`);
    }
  });

  test('a scanner stamp, terms and conditions and another script are not judged garbage', () => {
    assert.equal(garbageText(['Scanned by CamScanner']), false);
    const terms =
      'Please examine this statement of account and report any discrepancy to the branch within ' +
      'fifteen days of its receipt, failing which the balance shown will be taken as correct. ' +
      'Deposits are insured by the corporation up to the limit as per its rules. Customers are ' +
      'advised not to share their card number, password or one time password with anyone.';
    assert.equal(garbageText(terms.split(' ')), false);
    assert.equal(garbageText(Array(30).fill('खाता विवरण शेष राशि जमा')), false);
  });

  test(
    'no page of a text PDF of the corpora is judged garbage',
    { ...needs(CORPUS), ...needs(CORPUS_REAL) },
    async () => {
      const judged: string[] = [];
      for (const file of [...pdfsUnder(CORPUS), ...pdfsUnder(CORPUS_REAL)]) {
        let pages: string[][];
        try {
          pages = await pageTexts(new Uint8Array(readFileSync(file)));
        } catch {
          continue; // a protected or damaged file: not this test's concern
        }
        for (const [i, texts] of pages.entries())
          if (garbageText(texts)) judged.push(`${path.basename(file)} page ${i + 1}`);
      }
      assert.deepEqual(judged, []);
    },
  );
});
