// Headings printed three lines deep, and the cells of a Times-Roman table drawn as one item: the
// positions are a generated Bank of Baroda layout's (Sl No | Post Date | Description | Reference
// No | Withdrawals | Deposits | Balance | Channel | Dr / Cr, the balance's side in the last column).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SourceDocument, Word } from '../../src/source.ts';
import { tableOf } from './stages.ts';

/** One item as pdf.js gives it: its text from x0 to x1 on the line at y. */
const item = (y: number, x0: number, x1: number, text: string): Word => ({
  text,
  x: x0,
  y,
  width: x1 - x0,
  height: 10,
});

const heading: Word[] = [
  item(19, 45, 143, 'Bank of Baroda'),
  item(95, 45, 282, 'Statement of Account for the period 01/07/2024 to 31/08/2024'),
  ...(
    [
      [45, 53, 'Sl'],
      [62, 79, 'Post'],
      [95, 142, 'Description'],
      [313, 354, 'Reference'],
      [359, 412, 'Withdrawals'],
      [417, 451, 'Deposits'],
      [463, 495, 'Balance'],
      [508, 543, 'Channel'],
      [578, 589, 'Dr'],
    ] as const
  ).map(([x0, x1, t]) => item(117, x0, x1, t)),
  ...(
    [
      [45, 56, 'No'],
      [62, 81, 'Date'],
      [313, 325, 'No'],
      [359, 383, '(INR)'],
      [417, 441, '(INR)'],
      [463, 482, '(Rs.)'],
      [578, 581, '/'],
    ] as const
  ).map(([x0, x1, t]) => item(128.6, x0, x1, t)),
  item(139.9, 578, 589, 'Cr'),
];

const rows: Word[] = [
  item(176, 45, 50, '1'),
  item(176, 62, 85, 'Jul 01'),
  item(176, 95, 205, 'CASH DEPOSIT/MI ROAD'),
  item(176, 422, 591, '57500.00 791836.86 NET BANKING DR'),
  item(195, 45, 50, '2'),
  item(195, 62, 85, 'Jul 02'),
  item(195, 95, 223, 'UPI/DR/418439203423/SUNITA'),
  item(195, 385, 412, '200.00'),
  item(195, 463, 545, '792036.86 MOBILE'),
  item(195, 578, 591, 'DR'),
  item(206, 95, 230, 'MEHTA/PUNB/sunita@ibl/invoice'),
  item(225, 45, 50, '3'),
  item(225, 62, 85, 'Jul 03'),
  item(225, 95, 226, 'CHQ PAID/OM SAI LOGISTICS'),
  item(225, 313, 342, '949551'),
  item(225, 381, 412, '6807.00'),
  item(225, 463, 548, '798843.86 BRANCH'),
  item(225, 578, 591, 'DR'),
  item(244, 45, 50, '4'),
  item(244, 62, 85, 'Jul 03'),
  item(244, 95, 271, 'NEFT/IN/MAHBN241853304956/KRISHNA'),
  item(244, 426, 529, '3587.00 795256.86 ATM'),
  item(244, 578, 591, 'DR'),
  item(255, 95, 206, 'AGENCIES/MAHB0427718'),
  item(274, 45, 50, '5'),
  item(274, 62, 85, 'Jul 06'),
  item(274, 95, 292, 'NEFT/IN/UBINH241881841879/METRO OFFICE'),
  item(274, 417, 591, '196189.00 599067.86 NET BANKING DR'),
  item(286, 95, 197, 'SUPPLIES/UBIN0125103'),
  item(305, 45, 50, '6'),
  item(305, 62, 85, 'Jul 08'),
  item(305, 95, 280, 'NEFT/OUT/ICICH241902995298/NEW INDIA'),
  item(305, 376, 412, '61212.00'),
  item(305, 463, 545, '660279.86 MOBILE'),
  item(305, 578, 591, 'DR'),
  item(316, 95, 204, 'HARDWARE/ICIC0909374'),
];

const read = () => {
  const doc: SourceDocument = {
    kind: 'pages',
    format: 'pdf',
    pages: [{ number: 1, width: 612, height: 792, words: [...heading, ...rows] }],
  };
  return tableOf(doc).sections.flatMap((s) => s.transactions);
};

test("'Dr /' over 'Cr' on a third heading line, after a channel column, is the balance's side", () => {
  // ('Dr /' alone named no column, and the channel stood between the balance and its mark: every
  // overdrawn balance read as in credit)
  const tx = read();
  assert.deepEqual(
    tx.slice(1, 4).map((t) => t.balance),
    [-79203686, -79884386, -79525686],
  );
});

test("a deposit, the balance and the channel drawn as one item ('57500.00 791836.86 NET BANKING DR')", () => {
  // (the rows stage leaves a year-less date's year to the account stage: '0000')
  // (the deposit's estimated place reached into the balance's column: both figures went there and
  // the row was read with no amount)
  const tx = read();
  assert.deepEqual(
    tx.map((t) => [t.date, t.withdrawal, t.deposit, t.balance]),
    [
      ['0000-07-01', 0, 5750000, -79183686],
      ['0000-07-02', 20000, 0, -79203686],
      ['0000-07-03', 680700, 0, -79884386],
      ['0000-07-03', 0, 358700, -79525686],
      ['0000-07-06', 0, 19618900, -59906786],
      ['0000-07-08', 6121200, 0, -66027986],
    ],
  );
});
