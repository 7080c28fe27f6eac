// What a soft photo's recogniser does to a table's figures (decision 041, session 16), undone: a
// figure's point lost inside it, a figure's commas read as gaps, a Cr mark misread, a speck alone
// on its line. The fixture is the scan bench's photo UNION statement (seed 79265, 2 pages) as the
// reader read it at 69ca0a3: five figures without their points, a ':' past the sheet's edge on a
// line of its own; 15 of its 24 rows read.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseStatement } from '../../src/parse/index.ts';
import { mendOcrFigures } from '../../src/parse/ocr-figures.ts';
import { cleanOcrWords } from '../../src/parse/ocr-words.ts';
import type { Transaction } from '../../src/parse/types.ts';
import { joinCutFigures, mendCrMarks } from '../../src/scan/words.ts';
import type { SourceDocument, Word } from '../../src/source.ts';
import { judgeParse } from '../perturb/judge.ts';

const saved = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../fixtures/scan-bench/photo-UNION-79265.read.json'),
    'utf8',
  ),
) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };

test('a photo read with figures missing their points and a speck on a line of its own: every row', () => {
  const result = parseStatement(saved.doc);
  const { score } = judgeParse(saved.truth, result);
  assert.equal(score.found, 24);
  assert.equal(score.matched, 24);
});

const word = (text: string, x: number, y: number, width: number, confidence = 90): Word => ({
  text,
  x,
  y,
  width,
  height: 6,
  confidence,
});

test('cleanOcrWords puts a lost point back where a column of figures with points ends, and nowhere else', () => {
  // a deposit column ending at 630 and a balance column at 685; a narration's reference number and
  // a cheque-number column of bare digits ending at 500
  const words = [
    word('01/06/2023', 40, 100, 40),
    word('NEFT/315273977814', 120, 100, 70),
    word('1876400', 593, 100, 37, 74),
    word('32641.63', 648, 100, 37),
    word('1854.00', 598, 120, 32),
    word('34495.63', 648, 120, 37),
    word('9665.00', 598, 140, 32),
    word('2312563', 648, 140, 37),
    word('445566', 470, 100, 30),
    word('445567', 470, 120, 30),
    word('44558800', 465, 140, 35),
    word('250000', 300, 140, 30),
  ];
  const out = cleanOcrWords(words);
  const text = (t: string) =>
    out.find((w) => w.x === words.find((v) => v.text === t)!.x && w.y === words.find((v) => v.text === t)!.y);
  assert.equal(text('1876400')!.text, '18764.00');
  assert.equal(text('2312563')!.text, '23125.63');
  // no surer than a row the chain must vouch for
  assert.ok(text('2312563')!.confidence! < 60);
  // a column of bare digits keeps them, and a number ending where no column of figures ends
  assert.equal(text('44558800')!.text, '44558800');
  assert.equal(text('250000')!.text, '250000');
  assert.equal(text('NEFT/315273977814')!.text, 'NEFT/315273977814');
});

test('cleanOcrWords puts a lost point back where as many figures with points as without end', () => {
  // photo ICICI seed 7943, page 1's balance column: two balances with their points, two without
  const words = [
    word('36106.64', 461, 150, 34),
    word('37861.64', 462, 164, 32),
    word('4438064', 462, 190, 31),
    word('1952764', 462, 270, 31),
    // a column of bare digits with one figure among them: kept
    word('445566', 470, 300, 30),
    word('445567', 470, 320, 30),
    word('12.50', 480, 340, 20),
  ];
  assert.deepEqual(
    cleanOcrWords(words).map((w) => w.text),
    ['36106.64', '37861.64', '44380.64', '19527.64', '445566', '445567', '12.50'],
  );
});

test("cleanOcrWords drops a ':' or '-' alone on its line, and keeps one beside words", () => {
  const words = [
    word('Name', 40, 40, 20),
    word(':', 64, 40, 1),
    word('MRS', 70, 40, 15),
    word('14/06/2023', 40, 100, 40),
    word('2150.00', 540, 100, 32),
    word('-', 627, 100, 2),
    word('32367.63', 648, 100, 37),
    word(':', 848, 112, 0.5, 65),
    word('15/06/2023', 40, 120, 40),
  ];
  assert.deepEqual(
    cleanOcrWords(words).map((w) => w.text),
    ['Name', ':', 'MRS', '14/06/2023', '2150.00', '-', '32367.63', '15/06/2023'],
  );
});

test("cleanOcrWords reads back an opening or closing balance's label whose first letter was lost, before 'Balance' only", () => {
  // photo CANARA seed 71367: 'pening Balance 56,873.43 Cr.' left the opening unread, its first row lost
  const words = [
    word('pening', 307, 68, 32, 47),
    word('Balance', 343, 68, 31),
    word('56,873.43', 388, 68, 41),
    word('Ciosing', 307, 80, 32),
    word('Closing', 307, 90, 32),
    word('Balance', 343, 90, 31),
    word('0pening', 307, 100, 32),
    word('BALANCE', 343, 100, 31),
    word('losing', 120, 110, 30),
    word('LOSS', 160, 110, 20),
    word('pening', 120, 120, 30),
  ];
  assert.deepEqual(
    cleanOcrWords(words).map((w) => w.text),
    [
      'Opening',
      'Balance',
      '56,873.43',
      'Ciosing',
      'Closing',
      'Balance',
      'Opening',
      'BALANCE',
      'losing',
      'LOSS',
      'pening',
    ],
  );
});

test('photo CANARA 71367: the opening read back, the first row is mended from it', () => {
  // rows 0 and 1 of page 1 as the reader read them, under the statement's heading and opening
  const doc: SourceDocument = {
    kind: 'pages',
    format: 'pdf',
    pages: [
      {
        number: 1,
        width: 612,
        height: 792,
        ocr: true,
        words: [
          word('pening', 307, 68, 32, 47),
          word('Balance', 343, 68, 31),
          word('56,873.43', 388, 68, 41),
          word('Cr.', 433, 68, 11),
          word('Date', 40, 110, 20),
          word('Narration', 120, 110, 45),
          word('Withdrawal', 255, 110, 50),
          word('Deposit', 320, 110, 35),
          word('Balance', 400, 110, 35),
          word('01-05-24', 40, 130, 36),
          word('UPI/DR/412220246414/BHARAT', 120, 130, 100),
          word('55,953.43', 394, 130, 41),
          word('01-05-24', 40, 150, 36),
          word('UPI/CR/412258786469/MOHAMMED', 120, 150, 100),
          word('1,155.00', 319, 150, 36),
          word('57,108.43', 394, 150, 41),
        ],
      },
    ],
  };
  const [account] = parseStatement(doc).accounts;
  assert.equal(account!.openingBalance, 5687343);
  assert.deepEqual(
    account!.transactions.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['2024-05-01', 92000, 0, 5595343],
      ['2024-05-01', 0, 115500, 5710843],
    ],
  );
});

test("the bench's photo CANARA 71367 (200 dpi, JPEG 65) as f260a65's reader read it: 20 of 22 rows, the rest flagged", () => {
  // its marks after point-grouped figures read as Cr and '1.600' '00' joined by the reader (scan/words.ts),
  // then 'pening Balance' read back, a year read '2074' mended by the date order: 18 rows with
  // 20cb099's parse of the same words
  const canara = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/scan-bench/photo-CANARA-71367.read.json'),
      'utf8',
    ),
  ) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };
  const result = parseStatement(canara.doc);
  assert.equal(judgeParse(canara.truth, result).score.matched, 20);
  const truth = canara.truth.transactions as { date: string; balance: number }[];
  const txs = result.accounts.flatMap((a) => a.transactions);
  assert.ok(
    txs
      .filter((t) => !t.ocrFlag)
      .every((t) => truth.some((x) => x.date === t.date && Math.round(x.balance * 100) === t.balance)),
  );
});

// One line's words from the recogniser, in its pixels (scan/words.ts).
const line = (...parts: [string, number, number][]) => parts.map(([text, x0, x1]) => ({ text, x0, x1 }));

test("joinCutFigures joins a figure's groups when their commas were read as gaps", () => {
  // photo CANARA seed 71367 at 200 dpi (page units, ~4.5 a character): '3' '302.00', '4' '015.00',
  // '3' '37' '821.43', '3' '56' '852,00'
  assert.deepEqual(
    joinCutFigures(
      line(
        ['01-05-24', 51, 83],
        ['3', 214.4, 218.5],
        ['302.00', 223.3, 250.3],
        ['60,410.43', 318.9, 359.8],
        ['Cr', 364, 371],
      ),
    ).map((w) => w.text),
    ['01-05-24', '3,302.00', '60,410.43', 'Cr'],
  );
  assert.deepEqual(
    joinCutFigures(line(['4', 269, 273.5], ['015.00', 278, 305.3], ['2,40,389.43', 309.7, 359.6])).map(
      (w) => w.text,
    ),
    ['4,015.00', '2,40,389.43'],
  );
  assert.deepEqual(
    joinCutFigures(line(['3', 310.1, 314.6], ['37', 319.3, 328.3], ['821.43', 332.7, 359.7])).map(
      (w) => w.text,
    ),
    ['3,37,821.43'],
  );
  assert.deepEqual(
    joinCutFigures(line(['3', 185.1, 189.7], ['56', 194.3, 203.2], ['852,00', 207.5, 234.5])).map(
      (w) => w.text,
    ),
    ['3,56,852,00'],
  );
  // a count before an amount a column apart, a narration's numbers, groups that make no figure
  const apart = line(
    ['12', 100, 109],
    ['302.00', 140, 167],
    ['REF', 200, 213],
    ['45', 216, 225],
    ['6789.00', 229, 260],
    ['7', 300, 304.5],
    ['12', 309, 318],
    ['34', 322, 331],
    ['Cr', 335, 342],
  );
  assert.deepEqual(joinCutFigures(apart), apart);
});

test("mendCrMarks reads a soft photo's misread Cr marks, their point read as a comma", () => {
  const words = line(
    ['2,45,404.43', 310, 359],
    ['0', 367, 371],
    ['1,00,714.11', 410, 459],
    ['Or,', 463, 475],
    ['2,46,876.43', 510, 559],
    ['Q.', 564, 570],
    ['2,49,196.43', 610, 659],
    ['oO,', 664, 676],
    ['3,37,586.43', 710, 759],
    ['©', 764, 770],
    ['1,04,762.16', 810, 859],
    ['OQ.', 864, 876],
    ['1,60,504.16', 880, 929],
    ['OC.', 932, 944],
    ['1,48,699.16', 950, 999],
    ['C.', 1002, 1008],
    ['UPI', 1010, 1025],
    ['0', 920, 924],
  );
  assert.deepEqual(
    mendCrMarks(words).map((w) => w.text),
    [
      '2,45,404.43',
      'Cr',
      '1,00,714.11',
      'Cr.',
      '2,46,876.43',
      'Cr.',
      '2,49,196.43',
      'Cr.',
      '3,37,586.43',
      'Cr',
      '1,04,762.16',
      'Cr.',
      '1,60,504.16',
      'Cr.',
      '1,48,699.16',
      'Cr.',
      'UPI',
      '0',
    ],
  );
});

test("joinCutFigures joins a figure's paise to its rupees grouped with a point for the comma ('1.600' '00')", () => {
  // photo CANARA seed 71367, 29 May: the deposit 1,600.00 read '1.600' '00', a point's cell apart
  assert.deepEqual(
    joinCutFigures(line(['24', 103, 111], ['1.600', 199, 221], ['00', 226, 234])).map((w) => w.text),
    ['24', '1.600.00'],
  );
  // four places after a point are no rupees grouped: '1.6055' '00' stays apart
  assert.deepEqual(
    joinCutFigures(line(['24', 103, 111], ['1.6055', 199, 225], ['00', 230, 238])).map((w) => w.text),
    ['24', '1.6055', '00'],
  );
});

test("mendCrMarks reads a mark after a figure whose commas were read as points ('3,37.586.43 Or')", () => {
  // photo CANARA seed 71367, 19 May: the mark left as 'Or', the balance cell unread
  const words = line(
    ['3,37.586.43', 310, 360],
    ['Or', 364, 371],
    ['2.50,224.43', 410, 460],
    ['Or.', 464, 475],
  );
  assert.deepEqual(
    mendCrMarks(words).map((w) => w.text),
    ['3,37.586.43', 'Cr', '2.50,224.43', 'Cr.'],
  );
  // a narration's dotted number is no figure: the 'O' after it stays
  assert.deepEqual(
    mendCrMarks(line(['1.2.3', 310, 330], ['O', 334, 340])).map((w) => w.text),
    ['1.2.3', 'O'],
  );
});

test('mendOcrFigures mends no amount when a row before it, its balance unread, could hold the misread', () => {
  // photo PNB seed 47596 (rupees): 10 Dec's deposit 79,095.00 read 79,085.00, its balance and the
  // next row's unread ('OC.', 'C.' for the mark), 13 Dec's balance read right: 13 Dec's deposit
  // 33,427.00 'mended' to 33,437.00 to fit, and the two balances between filled 10.00 short
  const row = (withdrawal: number, deposit: number, balance: number | null): Transaction => ({
    date: '2023-12-10',
    valueDate: null,
    description: '',
    reference: null,
    withdrawal: Math.round(withdrawal * 100),
    deposit: Math.round(deposit * 100),
    balance: balance === null ? null : Math.round(balance * 100),
    page: 1,
  });
  const txs = [row(0, 79085, null), row(11805, 0, null), row(0, 33427, 182126.16), row(86522, 0, 95604.16)];
  const mended = mendOcrFigures(txs, 8140916, null, () => true);
  assert.deepEqual(mended, []);
  assert.equal(txs[2]!.deposit, 33427 * 100);
  // the same misread with the balance before it read: the deposit is mended
  const read = [row(0, 79085, 160504.16), row(11805, 0, 148699.16), row(0, 33427, 182126.16)];
  mendOcrFigures(read, 8140916, null, () => true);
  assert.equal(read[0]!.deposit, 79095 * 100);
  assert.equal(read[2]!.deposit, 33427 * 100);
});

test('mendOcrFigures mends an amount read with a digit too many when the balances around it prove it', () => {
  // photo UNION seed 79265: 26 Jun's deposit 18,303.00 read '183032.00', both balances read right
  const row = (withdrawal: number, deposit: number, balance: number): Transaction => ({
    date: '2023-06-26',
    valueDate: null,
    description: '',
    reference: null,
    withdrawal: Math.round(withdrawal * 100),
    deposit: Math.round(deposit * 100),
    balance: Math.round(balance * 100),
    page: 2,
  });
  const txs = [row(4000, 0, 11889.57), row(0, 183032, 30192.57), row(358, 0, 29834.57)];
  const mended = mendOcrFigures(txs, 1588957, null, () => true);
  assert.deepEqual(mended, [txs[1]]);
  assert.equal(txs[1]!.deposit, 1830300);
});

test("a figure's paise read with a 0 as a round letter after its point ('16,062.' 'C0') are joined as 00", () => {
  // photo AXIS seed 87119's last row as read in session 18 (page units, one line)
  const at = (text: string, x: number, width: number) => ({ text, x0: x, x1: x + width });
  const line = (amount: string, paise: string) => [
    at('30-Jan-2024', 40, 50),
    at('BANK/', 120, 25),
    at('Sent', 150, 20),
    at('using', 175, 25),
    at('Paytm', 205, 27),
    at(amount, 394.4, 31.57),
    at(paise, 429.36, 9.91),
    at('4,04,994.33', 505.01, 55.57),
    at('(O)', 566.32, 17.48),
  ];
  const texts = (ws: { text: string }[]) => ws.map((w) => w.text);
  assert.deepEqual(texts(joinCutFigures(line('16,062.', 'C0'))).slice(5, 7), ['16,062.00', '4,04,994.33']);
  assert.deepEqual(texts(joinCutFigures(line('16,062.', '0O'))).slice(5, 6), ['16,062.00']);
  // two letters are a Cr mark's misreads (the paise lost), no point before them a narration's word,
  // rupees of two digits a rate's
  assert.deepEqual(texts(joinCutFigures(line('16,062.', 'CO'))).slice(5, 7), ['16,062.', 'CO']);
  assert.deepEqual(texts(joinCutFigures(line('16,062', 'C0'))).slice(5, 7), ['16,062', 'C0']);
  assert.deepEqual(texts(joinCutFigures(line('12.', 'C0'))).slice(5, 7), ['12.', 'C0']);
});

test('the photo AXIS statement with its last amount read 16,062. C0, its lines rejoined: every row, and it reconciles', () => {
  const axis = JSON.parse(
    readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/scan-bench/photo-AXIS-87119.read.json'),
      'utf8',
    ),
  ) as { doc: SourceDocument; truth: Parameters<typeof judgeParse>[0] };
  assert.equal(axis.doc.kind, 'pages');
  if (axis.doc.kind !== 'pages') return;
  // the reader joins a line's words (src/read/ocr.ts, toWords); the saved words are grouped into
  // their lines again here, by their middles
  const pages = axis.doc.pages.map((p) => {
    const lines: Word[][] = [];
    for (const w of [...p.words].sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2))) {
      const last = lines[lines.length - 1];
      const mid = (v: Word) => v.y + v.height / 2;
      if (last && Math.abs(mid(last[0]!) - mid(w)) < w.height / 2) last.push(w);
      else lines.push([w]);
    }
    const words = lines.flatMap((l) =>
      joinCutFigures(l.sort((a, b) => a.x - b.x).map((w) => ({ ...w, x0: w.x, x1: w.x + w.width }))).map(
        ({ x0, x1, ...w }) => ({ ...w, x: x0, width: x1 - x0 }),
      ),
    );
    return { ...p, words };
  });
  const result = parseStatement({ ...axis.doc, pages });
  const { score } = judgeParse(axis.truth, result);
  assert.equal(score.expected, 25);
  assert.equal(score.matched, 25);
  assert.equal(score.found, 25);
  assert.ok(result.accounts.every((a) => a.reconciliation.ok));
});

test("cleanOcrWords reads a closing balance's label whose cl was read as a d, whole or cut twice, before 'Balance' only", () => {
  // photo INDIANBANK seed 126939's last page read wiped (decision 041, session 23): 'd' 'osi' 'ng'
  // 'Balance 183,315.09', the closing balance unread, its last row's balance read '183,315.00' left
  // unproven; INDIANBANK 71499's last page: 'dosing Balance'
  const h = (text: string, x: number, y: number, width: number, height: number) => ({
    ...word(text, x, y, width),
    height,
  });
  const words = [
    h('d', 139.4, 107.8, 4.5, 6.3),
    h('osi', 148, 107.8, 22.6, 7.9),
    h('ng', 163.2, 106, 8.4, 10.8),
    h('Balance', 175, 106.1, 31.8, 10.8),
    h('183,315.09', 537.5, 106.3, 47, 11),
    h('dosing', 90, 140, 30, 8),
    h('Balance', 124, 140, 31, 8),
    // a narration's words, no 'Balance' after them
    h('d', 139.4, 170, 4.5, 6.3),
    h('osi', 148, 170, 22.6, 7.9),
    h('ng', 163.2, 170, 8.4, 10.8),
    h('dosing', 200, 170, 30, 8),
  ];
  assert.deepEqual(
    cleanOcrWords(words).map((w) => w.text),
    ['Closing', 'Balance', '183,315.09', 'Closing', 'Balance', 'd', 'osi', 'ng', 'dosing'],
  );
});
