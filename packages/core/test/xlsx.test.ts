// The one XLSX writer: a valid stored zip with the workbook's parts, cells typed as asked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crc32, storedZip, toXlsxBytes } from '../src/xlsx.ts';

const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

test('crc32 is the zip checksum (the standard check value)', () => {
  assert.equal(crc32(new TextEncoder().encode('123456789')), 0xcbf43926);
});

test('a stored zip names each entry and ends with the central directory', () => {
  const zip = storedZip([['a.txt', new TextEncoder().encode('hello')]]);
  assert.deepEqual([...zip.slice(0, 4)], [0x50, 0x4b, 0x03, 0x04]);
  const t = text(zip);
  assert.ok(t.indexOf('hello') < t.indexOf('PK\u0001\u0002'), 'data, then the central directory');
  assert.equal(t.length - t.lastIndexOf('PK\u0005\u0006'), 22, 'the 22-byte end record last');
  assert.equal(t.split('a.txt').length, 3, 'named in the local header and the central directory');
});

test('cells: text inline (never a formula), numbers, money and dates styled, XML escaped', () => {
  const xlsx = text(
    toXlsxBytes({
      name: 'Transactions',
      columns: [
        { header: 'Date' },
        { header: 'Description', width: 60 },
        { header: 'Amount', format: 'money' },
      ],
      rows: [
        [{ date: '2025-04-01' }, '=HYPERLINK("x") <b>&', 1234.5],
        [null, 'Rent', -7],
      ],
    }),
  );
  for (const part of ['[Content_Types].xml', 'xl/workbook.xml', 'xl/styles.xml', 'xl/worksheets/sheet1.xml'])
    assert.ok(xlsx.includes(part), part);
  // 2025-04-01 is Excel day 45748
  assert.match(xlsx, /<c r="A2" s="3"><v>45748<\/v><\/c>/);
  assert.match(
    xlsx,
    /<c r="B2" t="inlineStr"><is><t xml:space="preserve">=HYPERLINK\(&quot;x&quot;\) &lt;b&gt;&amp;<\/t>/,
  );
  assert.match(xlsx, /<c r="C2" s="2"><v>1234.5<\/v><\/c>/);
  assert.match(xlsx, /<row r="3"><c r="B3" t="inlineStr">/);
  assert.match(xlsx, /<col min="2" max="2" width="60" customWidth="1"\/>/);
  assert.match(xlsx, /<c r="A1" s="1" t="inlineStr"><is><t>Date<\/t>/);
  assert.ok(!xlsx.includes('<f>'), 'no formula anywhere');
});
