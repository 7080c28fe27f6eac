// The README's table of `bahi explain` rule ids is the list the reader reports (trace.ts RULES):
// every id it can report is documented there, and nothing documented is an id it no longer has.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { RULES } from '../src/index.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
// the table's rows: '| `detect.ifsc`, `detect.name` | decides ... |'
const documented = new Set(
  readme
    .split('\n')
    .filter((l) => l.startsWith('| `'))
    .flatMap((l) => [...l.split('|')[1]!.matchAll(/`([a-z]+\.[a-z-]+)`/g)].map((m) => m[1]!)),
);

test('every rule id bahi explain reports is in the README', () => {
  const missing = Object.keys(RULES).filter((id) => !documented.has(id));
  assert.deepEqual(missing, []);
});

test('every rule id the README names is one bahi explain reports', () => {
  const unknown = [...documented].filter((id) => !(id in RULES));
  assert.deepEqual(unknown, []);
  assert.ok(documented.size >= 20, `only ${documented.size} ids read from the README table`);
});
