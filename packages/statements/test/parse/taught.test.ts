// A layout the user marks (column bands and the first row) reads a statement whose headings the
// reader does not know: here a real HDFC statement with every heading word replaced.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement, readDocument, toTruthJson, type TaughtLayout } from '../../src/index.ts';
import { CORPUS_REAL, needs, score } from '../shared-corpus.ts';

const real = path.join(CORPUS_REAL, 'HDFC');
const file = path.join(real, 'HDFC_classic_2019b.pdf');

test(
  'a statement with unknown headings is read with the layout the user marked',
  needs(CORPUS_REAL),
  async () => {
    const { doc } = await readDocument(new Uint8Array(readFileSync(file)), { ocr: false });
    assert.equal(doc.kind, 'pages');
    if (doc.kind !== 'pages') return;
    // headings nobody has seen: every word on each page's heading line becomes a made-up one
    for (const p of doc.pages) {
      const heading = p.words.find((w) => w.text === 'Narration');
      if (!heading) continue;
      for (const w of p.words) if (Math.abs(w.y - heading.y) < 1) w.text = w.text.replace(/[A-Za-z]/g, 'Q');
    }
    // (the reader alone finds this table from its rows, and says so; the taught layout is used instead)
    const blind = parseStatement(doc);
    assert.ok(blind.issues.some((i) => i.kind === 'layout' && /headings/.test(i.message)));

    const first = doc.pages[0]!.words.find((w) => /^\d{2}\/\d{2}\/\d{2}$/.test(w.text) && w.x < 60)!;
    const layout: TaughtLayout = {
      page: 1,
      top: first.y,
      columns: [
        { role: 'date', x0: 30, x1: 68 },
        { role: 'description', x0: 70, x1: 285 },
        { role: 'reference', x0: 286, x1: 358 },
        { role: 'valueDate', x0: 359, x1: 398 },
        { role: 'debit', x0: 399, x1: 476 },
        { role: 'credit', x0: 477, x1: 556 },
        { role: 'balance', x0: 557, x1: 640 },
      ],
    };
    const taught = parseStatement(doc, { layout });
    const truth = JSON.parse(readFileSync(path.join(real, 'HDFC_classic_2019b.truth.json'), 'utf8'));
    const s = score(truth, toTruthJson(taught), 'HDFC_classic_2019b.pdf');
    assert.equal(s.matched, truth.transactions.length, JSON.stringify(s));
    assert.equal(s.found, truth.transactions.length, JSON.stringify(s));
    assert.ok(taught.accounts.every((a) => a.reconciliation.ok));
    assert.equal(taught.bank, 'HDFC', 'the bank is still named from the header zone');
    assert.ok(
      !taught.issues.some((i) => i.kind === 'layout'),
      'read with the taught layout, not an inferred one',
    );
  },
);
