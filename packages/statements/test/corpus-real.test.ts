// Real statements (../shared/corpus-real: anonymised, layout kept exactly), read from their files by
// the package's own readers and scored against their truth with the shared scoring function. Every
// row must be read exactly and every file must reconcile, but for the defects of the sample itself
// listed in KNOWN, each with its reason.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { BANK_CODES } from '@bahi/core';
import { parseStatement, readDocument, toTruthJson } from '../src/index.ts';
import { NOT_READ_YET } from './corpus-real-gaps.ts';
import { CORPUS_REAL as dir, needs, score } from './shared-corpus.ts';
const manifest: { files: { file: string; truth: string; bank: string; password: string | null }[] } =
  existsSync(dir) ? JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) : { files: [] };

interface Known {
  why: string;
  /** rows the truth has that cannot be matched */
  unmatched?: number;
  /** rows our own reconciliation reports as breaking the chain */
  breaks?: number;
  /** the copy prints neither the bank's name nor its IFSC (its logo was dropped): no bank is named */
  unnamed?: boolean;
}

// Defects of the sample itself, each with its reason.
const KNOWN: Record<string, Known> = {
  'HDFC/HDFC_classic_2019c.pdf': {
    why: 'the anonymised PDF prints 7 amounts or balances whose digits differ from the truth (16,743.00 where the truth has 16,000.00): the balance chain breaks exactly there',
    unmatched: 7,
    breaks: 5,
  },
  'AXIS/AXIS_salary_2021.pdf': { why: 'no IFSC or bank name printed in the copy', unnamed: true },
  'AXIS/AXIS_init_branch_column.pdf': { why: 'no IFSC or bank name printed in the copy', unnamed: true },
  'KOTAK/KOTAK_current_drcr_suffix.pdf': { why: 'no IFSC or bank name printed in the copy', unnamed: true },
  'ICICI/ICICI_flat_text_2019.pdf': {
    why: 'extracted text without its header: banks are named only in narrations',
    unnamed: true,
  },
};

test('the real corpus is present', needs(dir), () =>
  assert.ok(manifest.files.length >= 46, `${manifest.files.length} files`),
);

for (const f of manifest.files) {
  test(`real ${f.file}`, async () => {
    const truth = JSON.parse(readFileSync(path.join(dir, f.truth), 'utf8'));
    const bytes = new Uint8Array(readFileSync(path.join(dir, f.file)));
    const read = await readDocument(bytes, {
      password: f.password ?? undefined,
      fileName: f.file,
      ocr: false,
    });
    const result = parseStatement(read.doc);
    const s = score(truth, toTruthJson(result), f.file);
    const known = KNOWN[f.file] ?? { why: '' };
    const detail = `${JSON.stringify(s)} ${known.why}`;
    const gap = NOT_READ_YET[f.file];
    if (gap) {
      assert.deepEqual(
        { found: s.found, matched: s.matched },
        { found: gap.found, matched: gap.matched },
        detail,
      );
      const success = result.accounts.length > 0 && result.accounts.every((a) => a.reconciliation.ok);
      assert.ok(!success, `${detail}: a partial read passed as reconciled`);
    } else {
      assert.equal(s.found, s.expected, detail);
      assert.equal(s.matched, s.expected - (known.unmatched ?? 0), detail);
      assert.equal(s.balanceOk, !known.breaks, detail);
      const breaks = result.accounts.reduce((n, a) => n + a.reconciliation.breaks.length, 0);
      assert.equal(breaks, known.breaks ?? 0, detail);
      assert.equal(
        result.accounts.every((a) => a.reconciliation.ok),
        !known.breaks,
        detail,
      );
    }
    // a bank we have a profile for is recognised; any other is read without one, and no bank is
    // ever given another bank's name
    if (known.unnamed) assert.equal(result.bank, null, 'the copy names no bank');
    else if ((BANK_CODES as readonly string[]).includes(f.bank)) assert.equal(result.bank, f.bank);
    else {
      assert.equal(result.bank, null);
      assert.ok(result.detection.name, 'a bank without a profile is named from the document');
    }
  });
}
