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
import { CORPUS_REAL as dir, needs, score } from './shared-corpus.ts';
const manifest: { files: { file: string; truth: string; bank: string; password: string | null }[] } =
  existsSync(dir) ? JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) : { files: [] };

interface Known {
  why: string;
  /** rows the truth has that cannot be matched */
  unmatched?: number;
  /** the shared scorer's balance check cannot pass, though the statement reconciles */
  scorerChain?: boolean;
  /** rows our own reconciliation reports as breaking the chain */
  breaks?: number;
}

const KNOWN: Record<string, Known> = {
  'HDFC/HDFC_classic_2019c.pdf': {
    why: 'the anonymised PDF prints 7 amounts or balances whose digits differ from the truth (16,743.00 where the truth has 16,000.00): the balance chain breaks exactly there',
    unmatched: 7,
    breaks: 5,
  },
  'HDFC/HDFC_classic_2018.pdf': {
    why: 'reversals printed as negative withdrawals (-1.00) are kept as printed; the scorer compares absolute amounts, so its chain check cannot pass',
    scorerChain: true,
  },
  'HDFC/HDFC_classic_2019e.pdf': {
    why: 'reversals printed as negative withdrawals, as in HDFC_classic_2018',
    scorerChain: true,
  },
};

test('the real corpus is present', needs(dir), () =>
  assert.ok(manifest.files.length >= 18, `${manifest.files.length} files`),
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
    assert.equal(s.found, s.expected, detail);
    assert.equal(s.matched, s.expected - (known.unmatched ?? 0), detail);
    assert.equal(s.balanceOk, !known.scorerChain && !known.breaks, detail);
    const breaks = result.accounts.reduce((n, a) => n + a.reconciliation.breaks.length, 0);
    assert.equal(breaks, known.breaks ?? 0, detail);
    assert.equal(
      result.accounts.every((a) => a.reconciliation.ok),
      !known.breaks,
      detail,
    );
    // a bank we have a profile for is recognised; any other is read without one
    if ((BANK_CODES as readonly string[]).includes(f.bank)) assert.equal(result.bank, f.bank);
    else {
      assert.equal(result.bank, null);
      assert.ok(result.detection.name, 'a bank without a profile is named from the document');
    }
  });
}
