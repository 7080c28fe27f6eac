// The spreadsheet cases: every single-account corpus truth drawn as a net-banking export, each
// variant alone and seeded random mixes. Shared by sheet-perturb.test.ts and scripts/perturb-report.ts.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseStatement } from '../../src/parse/index.ts';
import type { SourceDocument } from '../../src/source.ts';
import { seededRng } from '@bahi/core';
import { SHEET_KINDS, type SheetKind, type Truth, sheetDocument } from './sheet-perturb.ts';
import { CORPUS as corpus } from '../shared-corpus.ts';
import { judgeParse } from './judge.ts';

export interface SheetCase {
  name: string;
  kinds: readonly SheetKind[];
  doc: SourceDocument;
  truth: Truth & { file: string };
}

export interface SheetOutcome {
  case: SheetCase;
  ok: boolean;
  rows: number;
  matched: number;
  wrong: number;
  detail: string;
}

/** Single-account truths of the synthetic corpus ('short' and 'export' statements). */
export function sheetTruths(): (Truth & { file: string })[] {
  if (!existsSync(corpus)) return [];
  const out = [];
  for (const bank of readdirSync(corpus, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const dir = path.join(corpus, bank);
    for (const f of readdirSync(dir)
      .filter((x) => /_(short|export)\.truth\.json$/.test(x))
      .sort()) {
      const t = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
      if (Array.isArray(t.transactions) && t.transactions.length && !t.accounts) out.push(t);
    }
  }
  return out;
}

export function sheetCases(singleSeeds = 2, mixes = 6): SheetCase[] {
  const out: SheetCase[] = [];
  for (const truth of sheetTruths()) {
    const make = (kinds: readonly SheetKind[], seed: number) =>
      out.push({
        name: `${truth.file} [${kinds.join('+')}] seed ${seed}`,
        kinds,
        doc: sheetDocument(truth, kinds, seed),
        truth,
      });
    for (const k of SHEET_KINDS) for (let s = 1; s <= singleSeeds; s++) make([k], s);
    for (let s = 1; s <= mixes; s++) {
      const r = seededRng(2000 + s);
      const kinds = SHEET_KINDS.filter(() => r() < 0.35);
      make(kinds.length ? kinds : ['header'], 200 + s);
    }
  }
  return out;
}

export function checkSheet(c: SheetCase): SheetOutcome {
  const result = parseStatement(c.doc);
  const j = judgeParse(c.truth, result);
  const parsed = result.accounts.reduce((n, a) => n + a.transactions.length, 0);
  return {
    case: c,
    ok: j.exact,
    rows: c.truth.transactions.length,
    matched: j.score.matched,
    wrong: parsed - j.score.matched,
    detail: JSON.stringify({ ...j.score, ...j.first }),
  };
}
