// toWords levels a page's word boxes by the skew of its lines. A print is skewed about its middle
// (a sheet laid crooked on the glass, a photo flattened, rotateGrey), so the boxes are turned back
// about the image's middle: turned about its corner, a page skewed by s came out shifted sideways
// by about s times half its height, and a later page without a header of its own, skewed otherwise
// than page 1, took page 1's columns shifted (scan bench photo INDIANBANK 126939: 16/29 rows, its
// pages 3 and 4 not read; decision 041, session 19). The pages here are built: one table printed
// straight and the same table turned about the image's middle.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type TessLine, toWords } from '../../src/read/ocr.ts';

const SIZE = { width: 2480, height: 3508 }; // A4 at 300 dpi
const UNITS = 72 / 300;
const COLUMNS: [string, number, number][] = [
  ['01/01/2023', 200, 420],
  ['1,234.00', 1800, 1960],
  ['5,678.00', 2100, 2260],
];

/** A table of `rows` rows, its print turned by `slope` (dy/dx of a line) about the image's middle. */
function page(slope: number, rows = 30): TessLine[] {
  const a = Math.atan(slope);
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  const [mx, my] = [SIZE.width / 2, SIZE.height / 2];
  const turn = (x: number, y: number) => ({
    x: mx + (x - mx) * cos - (y - my) * sin,
    y: my + (x - mx) * sin + (y - my) * cos,
  });
  const lines: TessLine[] = [];
  for (let i = 0; i < rows; i++) {
    const top = 600 + 90 * i;
    const words = COLUMNS.map(([text, x0, x1]) => {
      const c = turn((x0 + x1) / 2, top + 20);
      const w = (x1 - x0) / 2;
      return { text, confidence: 90, bbox: { x0: c.x - w, y0: c.y - 20, x1: c.x + w, y1: c.y + 20 } };
    });
    const b0 = turn(COLUMNS[0]![1], top + 40);
    const b1 = turn(COLUMNS.at(-1)![2], top + 40);
    lines.push({ words, baseline: { x0: b0.x, y0: b0.y, x1: b1.x, y1: b1.y } });
  }
  return lines;
}

/** The left edge of each column's words, in page units. */
function columnLefts(lines: TessLine[]): number[][] {
  const words = toWords(lines, UNITS, SIZE);
  return COLUMNS.map(([text]) => words.filter((w) => w.text === text).map((w) => w.x));
}

for (const slope of [0.012, -0.015, 0.03]) {
  test(`a page skewed ${slope} keeps the columns of the same page printed straight`, () => {
    const straight = columnLefts(page(0));
    const skewed = columnLefts(page(slope));
    COLUMNS.forEach(([text, x0], k) => {
      for (const x of straight[k]!) assert.ok(Math.abs(x - x0 * UNITS) < 0.5, `${text} straight at ${x}`);
      for (const x of skewed[k]!)
        assert.ok(
          Math.abs(x - x0 * UNITS) < 1,
          `${text} skewed ${slope} at ${x.toFixed(1)}, straight ${x0 * UNITS}`,
        );
    });
  });
}

test("a skewed page's rows each keep one y across the page", () => {
  const words = toWords(page(0.02), UNITS, SIZE);
  for (let i = 0; i < words.length; i += 3) {
    const ys = words.slice(i, i + 3).map((w) => w.y);
    assert.ok(Math.max(...ys) - Math.min(...ys) < 0.5, `row ${i / 3}: ${ys.join(' ')}`);
  }
});
