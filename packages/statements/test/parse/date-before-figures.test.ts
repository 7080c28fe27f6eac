// The columns stage's cells of a sample run (cellsOf, columns/bands.ts): a date, the year that ends
// one, or a bare number, drawn a space before figures is a cell of its own, as figures a space apart
// are. A date and an amount are never one cell. Without this a cheque number came into a narration of
// BANKOFINDIA 348483759 of seed 44001 ('821846 CHQ PAID/ANNAPURNA FOODS'), where no test failed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellsOf, figureApart, figureWords } from '../../src/parse/columns/bands.ts';
import { measured } from './stages.ts';

const cells = (...words: [number, number, string][]) =>
  cellsOf(measured(...words)).map((r) => [r.text, r.x0, r.x1]);

test("a year a space before a figure ('2025 269.00') is a cell of its own", () => {
  assert.deepEqual(cells([100, 120, '2025'], [126, 156, '269.00']), [
    ['2025', 100, 120],
    ['269.00', 126, 156],
  ]);
});

test("a date a space before figures ('01/05/2024 1,200.00 56,873.43') is a cell of its own", () => {
  assert.deepEqual(cells([33, 80, '01/05/2024'], [86, 120, '1,200.00'], [130, 175, '56,873.43']), [
    ['01/05/2024', 33, 80],
    ['1,200.00', 86, 120],
    ['56,873.43', 130, 175],
  ]);
});

test("a bare number a space before figures ('109936 185209.06 Cr.') is a cell of its own", () => {
  // (BOM 1663132759 of seed 210001, Courier 7: a credit in whole rupees drawn as one item with the
  // balance after it, on the rows whose balance has six digits; the two made one written stretch,
  // the credits went into the balance's band and every credit row lost its figures)
  assert.deepEqual(cells([451.1, 473, '109936'], [479.3, 511, '185209.06'], [512, 522.5, 'Cr.']), [
    ['109936', 451.1, 473],
    ['185209.06', 479.3, 511],
    ['Cr.', 512, 522.5],
  ]);
});

test("words before a figure with paise are a cell of their own, and one cell: no date, no year ('ATM 4471' | '269.00')", () => {
  // (figureApart, session 17: a figure and words are never one cell, whichever comes first; the
  // words stay whole, a bare number among them a narration's)
  assert.deepEqual(cells([33, 60, 'ATM'], [66, 90, '4471'], [96, 126, '269.00']), [
    ['ATM 4471', 33, 90],
    ['269.00', 96, 126],
  ]);
  assert.deepEqual(cells([33, 60, 'CHQ'], [66, 90, '4471']), [['CHQ 4471', 33, 90]]);
});

test("a sign set a space before whole rupees ('+ 18,764') stays with them, and the run is taken apart after", () => {
  // (UNION 2296589319 of seed 290001: '+ 18,764 32,641.63 (Cr) NET BANKING' drawn as one item
  // beside rows that draw the amount apart; the sign kept figureApart from seeing a figure first)
  const run = measured(
    [364, 369, '+'],
    [372, 389, '18,764'],
    [396, 432, '32,641.63'],
    [435, 449, '(Cr)'],
    [455, 470, 'NET'],
    [473, 489, 'BANKING'],
  );
  assert.deepEqual(
    figureApart(run)?.map((r) => [r.text, r.x0, r.x1]),
    [
      ['+ 18,764', 364, 389],
      ['32,641.63', 396, 432],
      ['(Cr)', 435, 449],
      ['NET BANKING', 455, 489],
    ],
  );
  assert.deepEqual(
    figureWords(measured([100, 106, '–'], [109, 130, '9,323'])).map((r) => r.text),
    ['– 9,323'],
  );
  assert.deepEqual(
    figureWords(measured([100, 120, 'TFR'], [126, 130, '+'])).map((r) => r.text),
    ['TFR', '+'],
  );
});

test("a reference, a figure and its Dr/Cr mark drawn as one item ('UPI-518374551840 15,088.00 CR') are three cells", () => {
  // (KOTAK 5147365859 of seed 650001, Courier 8.5, tight: the reference column and the amount's
  // made one text column, no amount column was found and the words' order read kept the
  // references and the value dates in the narrations)
  const run = measured([279, 343, 'UPI-518374551840'], [347, 379, '15,088.00'], [383, 391, 'CR']);
  assert.deepEqual(
    figureApart(run)?.map((r) => [r.text, r.x0, r.x1]),
    [
      ['UPI-518374551840', 279, 343],
      ['15,088.00', 347, 379],
      ['CR', 383, 391],
    ],
  );
  // an overdrawn balance in brackets is a figure too ('(17,533.54) 8226': a cheque number after it)
  assert.deepEqual(
    figureApart(measured([282, 321, '(17,533.54)'], [325, 340, '8226']))?.map((r) => r.text),
    ['(17,533.54)', '8226'],
  );
});
