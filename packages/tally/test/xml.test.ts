import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseAmount } from '@bahi/core';
import {
  decodeXmlBytes,
  el,
  encodeForTally,
  escapeText,
  importXml,
  isoFromTallyDate,
  leaf,
  readImportXml,
  serializeXml,
  tallyAmount,
} from '../src/index.ts';

test('every text node and attribute is escaped, invalid characters dropped', () => {
  const xml = serializeXml(
    el('A', { N: `x&y<z>"q'` }, [leaf('B', `Tom & Jerry's <"best">\u0001\uD800 ok`)]),
    {
      declaration: false,
      indent: '',
    },
  );
  assert.equal(
    xml,
    '<A N="x&amp;y&lt;z&gt;&quot;q&apos;"><B>Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt; ok</B></A>',
  );
  assert.equal(escapeText('emoji 😀 and हिंदी'), 'emoji 😀 and हिंदी');
});

test('element and attribute names cannot carry markup', () => {
  assert.throws(() => el('A><script', {}));
  assert.throws(() => el('A', { 'x="1"': 'y' }));
});

test('amounts are rupees with two decimals and the sign kept', () => {
  assert.equal(tallyAmount(0), '0.00');
  assert.equal(tallyAmount(5), '0.05');
  assert.equal(tallyAmount(-123456789), '-1234567.89');
  assert.throws(() => tallyAmount(1.5));
  for (const p of [0, 1, -1, 99, 100, 12345, -987654321]) assert.equal(parseAmount(tallyAmount(p)), p);
});

test('Tally dates read back to ISO, impossible ones refused', () => {
  assert.equal(isoFromTallyDate('20250701'), '2025-07-01');
  assert.equal(isoFromTallyDate('20250230'), null);
  assert.equal(isoFromTallyDate('2025-07-01'), null);
});

test('UTF-16LE with a BOM for Tally, and back', () => {
  const xml = importXml({ report: 'Vouchers', company: 'रमेश & Co', objects: [] });
  const bytes = encodeForTally(xml);
  assert.deepEqual([...bytes.subarray(0, 2)], [0xff, 0xfe]);
  const back = decodeXmlBytes(bytes);
  assert.match(back, /encoding="UTF-16"/);
  assert.equal(readImportXml(back).company, 'रमेश & Co');
  assert.equal(decodeXmlBytes(Buffer.from(xml, 'utf8')), xml);
});

test('the envelope names the report and the company only when given', () => {
  const withCompany = readImportXml(importXml({ report: 'All Masters', company: ' A & B ', objects: [] }));
  assert.equal(withCompany.request, 'Import Data');
  assert.equal(withCompany.report, 'All Masters');
  assert.equal(withCompany.company, 'A & B');
  assert.doesNotMatch(importXml({ report: 'Vouchers', objects: [] }), /SVCURRENTCOMPANY/);
});
