// Issue 36: every path says the same of a statement. `bahi xml` on a file with no table writes no
// XML and exits 3, as `bahi parse` does; on a read that is not whole it writes the XML and exits 4
// with the reason, never 0.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { bahi } from './run.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bahi-xml-exit-'));

/** A CSV statement of 12 rows; row `bad`'s date replaced by `date`. */
function csv(name: string, bad?: number, date = 'N/A'): string {
  const lines = ['Date,Narration,Withdrawal,Deposit,Balance'];
  let balance = 10_000;
  for (let i = 1; i <= 12; i++) {
    const w = i % 3 ? 100 * i : 0;
    const d = i % 3 ? 0 : 1000;
    balance += d - w;
    const day = i === bad ? date : `${String(i).padStart(2, '0')}/04/2024`;
    lines.push(
      `${day},UPI payment ${i},${w ? w.toFixed(2) : ''},${d ? d.toFixed(2) : ''},${balance.toFixed(2)}`,
    );
  }
  const p = path.join(dir, name);
  writeFileSync(p, lines.join('\n') + '\n');
  return p;
}

test('no table: bahi xml writes nothing and exits 3, as bahi parse does', async () => {
  const p = path.join(dir, 'prose.txt');
  writeFileSync(p, 'Dear customer,\nYour statement will be sent by post.\nRegards\n');
  const out = path.join(dir, 'prose.xml');
  const xml = await bahi('xml', p, '--out', out);
  const parse = await bahi('parse', p);
  assert.equal(xml.code, 3, xml.stderr);
  assert.equal(parse.code, 3, parse.stderr);
  assert.equal(xml.stdout, '');
  assert.throws(() => readFileSync(out));
});

test('a row that cannot be read: the XML is written, the exit is 4 with the reason', async () => {
  const p = csv('bad-date.csv', 5);
  const xml = await bahi('xml', p);
  assert.equal(xml.code, 4, xml.stderr);
  assert.equal((xml.stdout.match(/<VOUCHER /g) ?? []).length, 11);
  assert.match(xml.stderr, /do not reconcile from row 5/);
  assert.equal((await bahi('parse', p)).code, 4);
});

test('read whole: exit 0', async () => {
  const xml = await bahi('xml', csv('whole.csv'));
  assert.equal(xml.code, 0, xml.stderr);
  assert.equal((xml.stdout.match(/<VOUCHER /g) ?? []).length, 12);
});
