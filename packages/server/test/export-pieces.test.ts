// Issue 33: Download writes a parted export's JSON a piece at a time; the text must be exactly the
// JSON of the whole answer, whatever the pieces hold (quotes, back-slashes, line breaks, non-ASCII).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonWithPieces } from '../src/tally/export-parts.ts';

async function* from(pieces: string[]) {
  for (const p of pieces) yield p;
}

test('jsonWithPieces writes the JSON of the whole value, the field from its pieces', async () => {
  const value = { id: 'e1', name: 'M/s "Shah" & Sons\\', xml: '', after: null, n: 3 };
  const pieces = ['<ENVELOPE>\n\t<A x="1">', '', 'Rs. ₹ 1,23,456.78 \u0001 \u2028', '</ENVELOPE>'];
  let text = '';
  for await (const piece of jsonWithPieces(value, 'xml', from(pieces))) text += piece;
  assert.equal(text, JSON.stringify({ ...value, xml: pieces.join('') }));
  assert.deepEqual(JSON.parse(text).xml, pieces.join(''));
  let empty = '';
  for await (const piece of jsonWithPieces(value, 'xml', from([]))) empty += piece;
  assert.equal(empty, JSON.stringify(value));
});
