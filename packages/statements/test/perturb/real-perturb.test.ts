// The real statements (../shared/corpus-real) with what other copies of the same statements vary:
// columns moved, other glyph widths, cells a little above or below each other, Western grouping,
// the value-date column dropped, narrations wrapped at other widths, other page breaks, and the
// whole statement printed at another size (x and y apart). Every row read from the original must
// still be read. ('scale' of perturb.ts is left out: it gives each page its own size, which no real
// statement does, and pages without a heading of their own then rightly keep page 1's columns.)
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { seededRng } from '@bahi/core';
import { parseStatement, readDocument, toTruthJson } from '../../src/index.ts';
import { profileFor } from '../../src/parse/registry.ts';
import type { SourceDocument } from '../../src/source.ts';
import { FRAGILE } from '../corpus-real-gaps.ts';
import { CORPUS_REAL as dir, needs, score } from '../shared-corpus.ts';
import { KINDS, type Kind, perturb } from './perturb.ts';

const manifest: { files: { file: string; truth: string; bank: string; password: string | null }[] } =
  existsSync(dir) ? JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) : { files: [] };

const PAGE_KINDS = KINDS.filter((k) => k !== 'scale');

/** The whole statement at another size, across and down apart. */
function zoom(doc: SourceDocument, seed: number): SourceDocument {
  if (doc.kind !== 'pages') return doc;
  const r = seededRng(seed);
  const sx = 0.8 + 0.45 * r();
  const sy = 0.8 + 0.45 * r();
  return {
    ...doc,
    pages: doc.pages.map((p) => ({
      ...p,
      width: p.width * sx,
      height: p.height * sy,
      words: p.words.map((w) => ({
        ...w,
        x: w.x * sx,
        y: w.y * sy,
        width: w.width * sx,
        height: w.height * sy,
        ...(w.edges ? { edges: w.edges.map((e) => e * sx) } : {}),
      })),
    })),
  };
}

for (const f of manifest.files.filter((x) => x.file.endsWith('.pdf'))) {
  test(`real ${f.file}, perturbed: every row still read`, needs(dir), async () => {
    const truth = JSON.parse(readFileSync(path.join(dir, f.truth), 'utf8'));
    const bytes = new Uint8Array(readFileSync(path.join(dir, f.file)));
    const { doc } = await readDocument(bytes, {
      password: f.password ?? undefined,
      fileName: f.file,
      ocr: false,
    });
    const rate = (d: SourceDocument) => score(truth, toTruthJson(parseStatement(d)), f.file);
    const base = rate(doc);
    const flow = profileFor(f.bank as never)?.flow ?? 'after';
    const missing: string[] = [];
    const misread: string[] = [];
    const tries: [string, SourceDocument][] = [
      ...PAGE_KINDS.map((k): [string, SourceDocument] => [k, perturb(doc, [k as Kind], 1, flow)]),
      ['mix', perturb(doc, PAGE_KINDS, 2, flow)],
      ['zoom', zoom(doc, 3)],
      ['zoom', zoom(doc, 4)],
    ];
    for (const [name, d] of tries) {
      const s = rate(d);
      const what = `${name}: ${s.matched} matched of ${s.found} (original ${base.matched} of ${base.found})`;
      if (s.found !== base.found) missing.push(what);
      else if (s.matched < base.matched) misread.push(what);
    }
    // what is known to lose rows today may lose them; anything else must not
    const fragile = new Set(FRAGILE[f.file] ?? []);
    assert.deepEqual(
      missing.filter((m) => !fragile.has(m.slice(0, m.indexOf(':')))),
      [],
    );
    // HDFC_classic_2019c prints amounts its balances contradict (see corpus-real.test.ts): where its
    // chain breaks, which figure is believed may change with the layout, but no row may go missing
    if (base.matched === base.expected)
      assert.deepEqual(
        misread.filter((m) => !fragile.has(m.slice(0, m.indexOf(':')))),
        [],
      );
  });
}
