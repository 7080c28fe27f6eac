// Issue 18: each bomb that once held a reader for seconds (or until the watchdog killed it) is
// refused by a structural check before pdf.js or the workbook reader starts: the decoded-bytes caps
// for every filter chain, the page tree's count, the workbook's sheet list. The bombs are
// generated (scripts/bombs.ts), never stored; the checks know nothing of them but their shape.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brotliCompressSync, deflateSync } from 'node:zlib';
import {
  hexFlateBombPdf,
  hugePageCountPdf,
  lzwBombPdf,
  manySheetsXlsx,
  onePage,
  pdfOf,
  zlibBomb,
} from '../../scripts/bombs.ts';
import { StatementError } from '../../src/errors.ts';
import { readDocument } from '../../src/read/index.ts';
import { decodedLength, lzw } from '../../src/read/pdf-decode.ts';
import { checkPdfStreams, filtersOf, pageTreeCount } from '../../src/read/pdf-streams.ts';
import type { ExtractOutput } from '../../src/worker/job.ts';
import { StatementPool } from '../../src/worker/pool.ts';
import { corpusBytes, corpusNeeded } from '../read/corpus.ts';

const MB = 1024 * 1024;

function refused(run: () => unknown, log: RegExp): void {
  assert.throws(run, (e: unknown) => {
    assert.ok(e instanceof StatementError, String(e));
    assert.equal(e.code, 'TOO_LARGE');
    assert.match(e.logMessage, log);
    return true;
  });
}

/** The data of a one-stream PDF's stream. */
function streamData(pdf: Buffer): Buffer {
  const start = pdf.indexOf('stream\n') + 'stream\n'.length;
  return pdf.subarray(start, pdf.indexOf('\nendstream', start));
}

test('an LZW bomb is measured without decoding it: the count is exact, and it stops at the cap', () => {
  // Codes 258..4094 decode to 2..3838 zeros, then code 4094 to 3838 zeros each time (bombs.ts).
  const exact = (codes: number) => 1 + ((3838 * 3839) / 2 - 1) + 3838 * codes;
  assert.equal(lzw(streamData(lzwBombPdf(10)), Infinity, 1, false), exact(10));
  // Decoding for real gives the same bytes: all zeros, as many as counted.
  const out = lzw(streamData(lzwBombPdf(3)), Infinity, 1, true) as Buffer;
  assert.equal(out.length, exact(3));
  assert.ok(out.every((b) => b === 0));
  assert.equal(lzw(streamData(lzwBombPdf()), 64 * MB, 1, false), 'over');
  refused(() => checkPdfStreams(lzwBombPdf()), /\(lzw\) decodes to over 67108864/);
});

/** An LZW encoder (codes of 9 to 12 bits, EarlyChange 1): the one pdf.js decodes. For short data: no table reset. */
function lzwEncode(data: Buffer): Buffer {
  const table = new Map<number, number>();
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  let width = 9;
  const put = (code: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      bytes.push((acc >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    acc &= (1 << bits) - 1;
  };
  let next = 258;
  put(256);
  let w = data[0];
  for (const c of data.subarray(1)) {
    const hit = table.get(w * 256 + c);
    if (hit !== undefined) {
      w = hit;
      continue;
    }
    put(w);
    table.set(w * 256 + c, next++);
    // The decoder adds each entry one code later and widens when its next code + 1 is a power of two.
    width = next < 512 ? 9 : next < 1024 ? 10 : next < 2048 ? 11 : 12;
    w = c;
  }
  put(w);
  put(257);
  if (bits > 0) bytes.push((acc << (8 - bits)) & 0xff);
  return Buffer.from(bytes);
}

test('the LZW count agrees with pdf.js: a text page encoded with LZW reads back, and its length is counted exactly', async () => {
  const lines = Array.from(
    { length: 400 },
    (_, i) => `BT /F1 9 Tf 40 ${800 - (i % 80) * 9} Td (LZWLINE${i}) Tj ET`,
  );
  const content = Buffer.from(lines.join('\n'), 'latin1');
  const encoded = lzwEncode(content);
  assert.ok(
    encoded.length < content.length / 2,
    `${encoded.length} of ${content.length} bytes: the table grew`,
  );
  assert.deepEqual(lzw(encoded, Infinity, 1, true), content);
  assert.equal(lzw(encoded, Infinity, 1, false), content.length);
  const pdf = pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([
      Buffer.from(`<< /Filter /LZWDecode /Length ${encoded.length} >>\nstream\n`),
      encoded,
      Buffer.from('\nendstream'),
    ]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
  checkPdfStreams(pdf, { perStreamBytes: content.length });
  refused(() => checkPdfStreams(pdf, { perStreamBytes: content.length - 1 }), /\(lzw\) decodes/);
  const read = await readDocument(pdf, { ocr: false });
  assert.equal(read.doc.kind, 'pages');
  const words = read.doc.kind === 'pages' ? read.doc.pages[0].words.map((w) => w.text).join(' ') : '';
  assert.match(words, /LZWLINE0\b/);
  assert.match(words, /LZWLINE399\b/);
});

test('a flate bomb behind ASCIIHex is decoded step by step under the cap and refused', () => {
  refused(() => checkPdfStreams(hexFlateBombPdf()), /\(hex, flate\) decodes to over/);
  // A hex stream that decodes to a small flate stream passes: the chain is read, not guessed.
  const text = Buffer.from('BT /F1 12 Tf (hello) Tj ET');
  const small = onePage(
    '/Filter [/ASCIIHexDecode /FlateDecode]',
    Buffer.from(deflateSync(text).toString('hex') + '>'),
  );
  checkPdfStreams(small);
  assert.equal(
    decodedLength(Buffer.from(deflateSync(text).toString('hex') + '>'), ['hex', 'flate'], MB),
    text.length,
  );
});

test('filter names are read as pdf.js reads them: abbreviations, #-escapes, arrays; a reference is unknown', () => {
  assert.deepEqual(filtersOf(Buffer.from('<< /Filter [/AHx /Fl] /Length 9 >>')), ['hex', 'flate']);
  assert.deepEqual(filtersOf(Buffer.from('<< /Length 9 /Filter /Fl#61teDecode >>')), ['flate']);
  assert.deepEqual(filtersOf(Buffer.from('<< /Filter/LZWDecode/DecodeParms<</EarlyChange 0>> >>')), ['lzw']);
  // nested dictionaries, strings and comments do not count
  assert.deepEqual(
    filtersOf(
      Buffer.from('<< /DecodeParms << /Filter /LZW >> /T (/Filter /RL) % /Filter /A85\n /Filter /A85 >>'),
    ),
    ['a85'],
  );
  assert.deepEqual(
    filtersOf(Buffer.from('<< /Filter [/DCTDecode] >>')),
    [],
    'an image codec: not decoded here',
  );
  assert.equal(filtersOf(Buffer.from('<< /Filter 5 0 R >>')), null);
  // The escaped name is still refused as a bomb.
  refused(() => checkPdfStreams(onePage('/Filter /Fl#61teDecode', zlibBomb(128 * MB))), /\(flate\) decodes/);
});

test('run-length and Brotli bombs are refused at the cap', () => {
  // 0x81 then a byte: that byte 128 times. 1 MB of pairs is 64 MB.
  const rl = Buffer.alloc(MB);
  for (let i = 0; i < rl.length; i += 2) rl[i] = 0x81;
  refused(
    () => checkPdfStreams(onePage('/Filter /RunLengthDecode', rl), { perStreamBytes: 32 * MB }),
    /\(rl\)/,
  );
  checkPdfStreams(onePage('/Filter /RunLengthDecode', rl), { perStreamBytes: 65 * MB });
  const br = brotliCompressSync(Buffer.alloc(8 * MB));
  refused(
    () => checkPdfStreams(onePage('/Filter /BrotliDecode', br), { perStreamBytes: 4 * MB }),
    /\(brotli\)/,
  );
  checkPdfStreams(onePage('/Filter /BrotliDecode', br), { perStreamBytes: 9 * MB });
});

test('a huge page count is refused from the page tree before pdf.js parses the file', corpusNeeded, () => {
  refused(() => checkPdfStreams(hugePageCountPdf()), /page tree counts 100000 pages/);
  // The count is read from the page-tree node itself, not from anything else with a /Count.
  const outlines = pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /Outlines 4 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    '<< /Type /Outlines /Count 50000 /Title (/Type /Pages /Count 9999) >>',
  ]);
  assert.equal(pageTreeCount(outlines), 1);
  checkPdfStreams(outlines);
  // A real statement's tree says what pdf.js says.
  assert.equal(pageTreeCount(Buffer.from(corpusBytes('HDFC/HDFC_multi.pdf'))), 13);
});

test('a workbook with thousands of sheets is refused from its sheet list before any sheet is read', async () => {
  const err = await readDocument(manySheetsXlsx(5000)).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(err instanceof StatementError);
  assert.equal(err.code, 'TOO_LARGE');
  assert.match(err.logMessage, /5000 sheets/);
});

test(
  'in a reader, each of these bombs is refused by its check and the reader lives on',
  corpusNeeded,
  async () => {
    const pool = new StatementPool({ size: 1 });
    try {
      const cases: [Buffer, RegExp][] = [
        [hexFlateBombPdf(), /\(hex, flate\) decodes/],
        [lzwBombPdf(), /\(lzw\) decodes/],
        [hugePageCountPdf(), /page tree counts/],
        [manySheetsXlsx(), /5000 sheets/],
      ];
      for (const [bytes, log] of cases) {
        const err = await pool.run({ op: 'extract', bytes }).then(
          () => null,
          (e: unknown) => e,
        );
        assert.ok(err instanceof StatementError, String(err));
        assert.equal(err.code, 'TOO_LARGE');
        assert.match(err.logMessage, log);
      }
      const out = (await pool.run({
        op: 'extract',
        bytes: corpusBytes('UNION/UNION_report.rpt'),
      })) as ExtractOutput;
      assert.equal(out.pages, 7);
      assert.equal(pool.readersStarted, 1, 'no reader was killed for any of them');
    } finally {
      await pool.close();
    }
  },
);
