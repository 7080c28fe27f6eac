// Golden files: input JSON beside the expected XML. Regenerate on purpose only:
//   BAHI_UPDATE_GOLDEN=1 npm test -w @bahi/tally
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { buildGolden, checkImportFile, goldenCases } from './helpers.ts';

const UPDATE = process.env.BAHI_UPDATE_GOLDEN === '1';
const cases = goldenCases();

test('there are golden cases for every builder', () => {
  assert.deepEqual([...new Set(cases.map((c) => c.builder))].sort(), ['bank', 'invoice', 'manual']);
});

for (const c of cases) {
  test(`golden ${c.name}`, () => {
    const xml = buildGolden(c);
    if (UPDATE || !existsSync(c.xmlPath)) {
      if (!UPDATE) assert.fail(`${c.xmlPath} is missing; run with BAHI_UPDATE_GOLDEN=1 to create it`);
      writeFileSync(c.xmlPath, xml);
    }
    assert.equal(xml, readFileSync(c.xmlPath, 'utf8'));
  });

  test(`golden ${c.name} parses back balanced, with every ledger known`, () => {
    const { problems, vouchers } = checkImportFile(
      readFileSync(c.xmlPath, 'utf8'),
      c.expectedLedgers,
      c.expectedItems,
    );
    assert.deepEqual(problems, []);
    assert.ok(vouchers.length > 0);
  });
}
