import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cleanText, cleanValues } from '../src/clean.ts';

test('control characters leave text; tabs, line breaks and every printable character stay', () => {
  assert.equal(cleanText('UPI\u0000/PAYEE\u0007\u001b[31m\u007f\u0085'), 'UPI/PAYEE[31m');
  assert.equal(cleanText('a\tb\nc\r\nd'), 'a\tb\nc\r\nd');
  assert.equal(cleanText('गुप्ता ट्रेडर्स ₹ 1,23,456.78'), 'गुप्ता ट्रेडर्स ₹ 1,23,456.78');
});

test('every string of a reader’s answer is cleaned in place, bytes and dates left alone', () => {
  const bytes = new Uint8Array([0, 1, 2]);
  const when = new Date(0);
  const value = {
    rows: [{ Description: 'NEFT\u0000X', n: 3 }],
    'k\u0000': ['\u0001a'],
    bytes,
    when,
    nested: { deep: [[null, 'b\u0000']] },
  };
  const out = cleanValues(value);
  assert.equal(out, value);
  assert.deepEqual(out, {
    rows: [{ Description: 'NEFTX', n: 3 }],
    k: ['a'],
    bytes,
    when,
    nested: { deep: [[null, 'b']] },
  });
  assert.equal(out.bytes, bytes);
  assert.deepEqual([...out.bytes], [0, 1, 2]);
});

test('an answer that refers to itself is cleaned once, without end', () => {
  const row: Record<string, unknown> = { d: 'a\u0000' };
  row.self = row;
  const out = cleanValues({ rows: [row, row] });
  assert.equal(out.rows[0].d, 'a');
  assert.equal(out.rows[1], row);
});
