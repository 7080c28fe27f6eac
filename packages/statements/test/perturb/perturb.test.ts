// Statements we have never seen: seeded layout perturbations of every text fixture (shifted columns,
// other font sizes and typefaces, jittered cells, Western grouping, no value-date column, narrations
// re-wrapped, page breaks moved under a repeated header) must still parse to the truth exactly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corpusNeeded } from '../read/corpus.ts';
import { KINDS } from './perturb.ts';
import { baseDocuments, cases, check } from './cases.ts';

test('there are text fixtures with a corpus truth to perturb', corpusNeeded, () => {
  assert.ok(baseDocuments().length >= 13);
});

const all = cases();
for (const kind of KINDS) {
  test(`perturbation '${kind}' (alone and mixed) keeps every parse exact`, corpusNeeded, () => {
    const mine = all.filter((c) => c.kinds.includes(kind));
    assert.ok(mine.length > 0);
    const failed = mine.map(check).filter((o) => !o.ok);
    assert.deepEqual(
      failed.map((f) => `${f.case.name}: ${f.detail}`),
      [],
      `${failed.length} of ${mine.length} perturbed documents differ from the truth`,
    );
  });
}
