// The perturbation cases: every text-layer fixture with a corpus truth, each perturbation alone and
// seeded random mixes of them. Shared by the test and scripts/perturb-report.ts.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseStatement } from '../../src/parse/index.ts';
import { profileFor } from '../../src/parse/registry.ts';
import type { SourceDocument } from '../../src/source.ts';
import { seededRng } from '@bahi/core';
import { KINDS, type Kind, perturb } from './perturb.ts';
import { CORPUS as corpus } from '../shared-corpus.ts';
import { judgeParse } from './judge.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures');

export interface Case {
  name: string;
  bank: string;
  kinds: readonly Kind[];
  seed: number;
  doc: SourceDocument;
  truth: { file: string; transactions: unknown[] };
}

export interface Outcome {
  case: Case;
  ok: boolean;
  detail: string;
}

/** Fixtures of text-layer pages whose corpus truth is at hand. */
export function baseDocuments(): { bank: string; name: string; doc: SourceDocument; truth: Case['truth'] }[] {
  if (!existsSync(corpus)) return [];
  const out = [];
  for (const bank of readdirSync(fixtures)) {
    for (const f of readdirSync(path.join(fixtures, bank)).filter((x) => x.endsWith('.source.json'))) {
      const name = f.replace('.source.json', '');
      const doc = JSON.parse(readFileSync(path.join(fixtures, bank, f), 'utf8')) as SourceDocument;
      if (doc.kind !== 'pages' || doc.pages.some((p) => p.ocr)) continue;
      const truthFile = path.join(corpus, bank, `${bank}_${name}.truth.json`);
      if (!existsSync(truthFile)) continue;
      out.push({ bank, name, doc, truth: JSON.parse(readFileSync(truthFile, 'utf8')) });
    }
  }
  return out;
}

/** Each perturbation alone (seeds 1..singleSeeds), then `mixes` random mixes per document. */
export function cases(singleSeeds = 3, mixes = 12): Case[] {
  const out: Case[] = [];
  for (const base of baseDocuments()) {
    const flow = profileFor(base.bank as never)?.flow ?? 'after';
    const make = (kinds: readonly Kind[], seed: number) =>
      out.push({
        name: `${base.bank}/${base.name} [${kinds.join('+')}] seed ${seed}`,
        bank: base.bank,
        kinds,
        seed,
        doc: perturb(base.doc, kinds, seed, flow),
        truth: base.truth,
      });
    for (const k of KINDS) for (let s = 1; s <= singleSeeds; s++) make([k], s);
    for (let s = 1; s <= mixes; s++) {
      const r = seededRng(1000 + s);
      const kinds = KINDS.filter(() => r() < 0.5);
      make(kinds.length ? kinds : ['shift'], 100 + s);
    }
  }
  return out;
}

export function check(c: Case): Outcome {
  const result = parseStatement(c.doc);
  const j = judgeParse(c.truth, result);
  return {
    case: c,
    ok: j.exact && result.bank === c.bank,
    detail: JSON.stringify({ ...j.score, bank: result.bank, ...j.first }),
  };
}
