// Golden tests: every fixture SourceDocument parses to its expected output, every registered bank
// has a fixture, and the invariants hold on every fixture.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement, toTruthJson } from '../../src/parse/index.ts';
import { PROFILES } from '../../src/parse/registry.ts';
import type { SourceDocument } from '../../src/source.ts';

const dir = path.resolve(import.meta.dirname, '../fixtures');
const fixtures = readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(path.join(dir, d.name))
      .filter((f) => f.endsWith('.source.json'))
      .map((f) => ({ bank: d.name, name: f.replace('.source.json', ''), file: path.join(dir, d.name, f) })),
  );

test('every registered bank has a fixture with its expected output', () => {
  for (const p of PROFILES) {
    const mine = fixtures.filter((f) => f.bank === p.code);
    assert.ok(mine.length > 0, `bank ${p.code} has no fixture in test/fixtures/${p.code}`);
    for (const f of mine)
      assert.ok(
        existsSync(f.file.replace('.source.json', '.expected.json')),
        `${f.file} has no expected output`,
      );
  }
});

for (const f of fixtures) {
  test(`${f.bank}/${f.name}: matches its golden output and keeps the invariants`, () => {
    const doc = JSON.parse(readFileSync(f.file, 'utf8')) as SourceDocument;
    const result = parseStatement(doc);
    const expected = JSON.parse(readFileSync(f.file.replace('.source.json', '.expected.json'), 'utf8'));
    assert.deepEqual(JSON.parse(JSON.stringify(toTruthJson(result))), expected);
    assert.equal(result.bank, f.bank, 'detected bank');
    assert.ok(result.accounts.length > 0);
    for (const a of result.accounts) {
      assert.ok(a.transactions.length > 0);
      // balance chain, in paise
      let bal = a.reconciliation.openingBalance;
      for (const t of a.transactions) {
        bal += t.deposit - t.withdrawal;
        if (t.balance !== null) assert.equal(t.balance, bal, `balance chain at ${t.date} ${t.description}`);
        // (a row of 0.00, 'DEBIT CARD AMC WAIVED', has neither)
        assert.ok(
          !(t.withdrawal > 0 && t.deposit > 0),
          `at most one of withdrawal/deposit: ${t.description}`,
        );
        assert.ok(t.description.trim().length > 0, 'narration present');
        assert.equal(t.description, t.description.replace(/\s+/g, ' ').trim());
        if (a.period.from && a.period.to)
          assert.ok(
            t.date >= a.period.from && t.date <= a.period.to,
            `${t.date} inside ${a.period.from}..${a.period.to}`,
          );
      }
      assert.equal(bal, a.reconciliation.closingBalance, 'closing balance');
      assert.equal(a.reconciliation.ok, true, a.reconciliation.message);
    }
  });
}

test('a wrong bank choice is corrected and reported', () => {
  const f = fixtures.find((x) => x.bank === 'HDFC' && x.name === 'short')!;
  const doc = JSON.parse(readFileSync(f.file, 'utf8')) as SourceDocument;
  const r = parseStatement(doc, { bank: 'SBI' });
  assert.equal(r.bank, 'HDFC');
  assert.equal(r.detection.corrected, true);
  assert.equal(r.detection.requested, 'SBI');
  assert.ok(r.issues.some((i) => i.kind === 'detection'));
});

test('a broken balance is listed, not hidden', () => {
  const f = fixtures.find((x) => x.bank === 'AXIS' && x.name === 'short')!;
  const doc = JSON.parse(readFileSync(f.file, 'utf8')) as SourceDocument;
  assert.equal(doc.kind, 'pages');
  if (doc.kind !== 'pages') return;
  // change one printed running balance on the page
  const w = doc.pages[0]!.words.find((x) => x.text === '38,896.96');
  assert.ok(w, 'fixture word present');
  w.text = '38,897.96';
  const r = parseStatement(doc);
  const rec = r.accounts[0]!.reconciliation;
  assert.equal(rec.ok, false);
  assert.ok(rec.breaks.length >= 1);
  assert.equal(rec.breaks[0]!.printed, 3889796);
});

test('a document without a table gives an issue, not an exception', () => {
  const r = parseStatement({
    kind: 'pages',
    format: 'pdf',
    pages: [
      { number: 1, width: 600, height: 800, words: [{ text: 'hello', x: 10, y: 10, width: 20, height: 8 }] },
    ],
  });
  assert.equal(r.accounts.length, 0);
  assert.ok(r.issues.some((i) => i.kind === 'layout'));
});
