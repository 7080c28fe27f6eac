// Word boxes (issue 30, move two): pdf.js, edited in read/pdfjs-load.ts, ends a text item at every
// gap it would have written as a space, and read/pdf.ts joins those items again as the stock build
// did, keeping where each word sits. A tight table's cells 0.5 em apart thus still come as one run,
// as they always did, but the cells stage no longer guesses each word's place by counting characters.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageLines, runWords } from '../../src/parse/lines.ts';
import { readPdf } from '../../src/read/pdf.ts';
import { pdfOf } from '../../scripts/bombs.ts';

// Helvetica 6 pt: 'Illi' is 0.222+0.278+0.222+0.278... narrow letters, '8,888.88' wide digits, so a
// place counted in characters is far from the drawn one.
const HELVETICA = { I: 278, l: 222, i: 222, '8': 556, ',': 278, '.': 278, W: 944 } as Record<string, number>;
const width = (s: string, size: number) => ([...s].reduce((n, c) => n + HELVETICA[c]!, 0) * size) / 1000;

const SIZE = 6;
const FIRST = 'Illlill';
const SECOND = '8,888.88';
const X1 = 72;
const X2 = X1 + width(FIRST, SIZE) + 0.5 * SIZE; // half an em: pdf.js writes it as a space
const X3 = X2 + width(SECOND, SIZE) + 2 * SIZE; // two ems: another item, even for pdf.js unedited

function tightPdf(): Buffer {
  const content = [
    `BT /F1 ${SIZE} Tf ${X1} 700 Td (${FIRST}) Tj ET`,
    `BT /F1 ${SIZE} Tf ${X2} 700 Td (${SECOND}) Tj ET`,
    `BT /F1 ${SIZE} Tf ${X3} 700 Td (${SECOND}) Tj ET`,
  ].join('\n');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

test('cells half an em apart stay one run, each word where it was drawn', async () => {
  const { pages } = await readPdf(new Uint8Array(tightPdf()), { ocr: false });
  const words = pages[0]!.words;
  assert.deepEqual(
    words.map((w) => w.text),
    [`${FIRST} ${SECOND}`, SECOND],
  );
  const [run, alone] = words;
  assert.ok(run!.edges, 'the run carries its words edges');
  const want = [X1, X1 + width(FIRST, SIZE), X2, X2 + width(SECOND, SIZE)];
  run!.edges.forEach((e, i) => assert.ok(Math.abs(e - want[i]!) < 0.01, `edge ${i}: ${e} vs ${want[i]}`));
  assert.equal(alone!.edges, undefined);
  assert.ok(Math.abs(alone!.x - X3) < 0.01);
});

test('the lines stage hands the measured places on (no estimate from character counts)', async () => {
  const { pages } = await readPdf(new Uint8Array(tightPdf()), { ocr: false });
  const [line] = pageLines(pages[0]!);
  const [first, second] = runWords(line!.runs[0]!);
  assert.equal(second!.text, SECOND);
  assert.ok(Math.abs(second!.x0 - X2) < 0.01, `${second!.x0} vs ${X2}`);
  assert.ok(Math.abs(first!.x1 - (X1 + width(FIRST, SIZE))) < 0.01);
  // what counting characters would have said: more than a point off
  const run = line!.runs[0]!;
  const estimate = run.x0 + ((FIRST.length + 1) * (run.x1 - run.x0)) / run.text.length;
  assert.ok(Math.abs(estimate - X2) > 1, `estimate ${estimate} vs ${X2}`);
});
