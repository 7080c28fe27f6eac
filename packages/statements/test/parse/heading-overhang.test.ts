// The bands stage (columns/bands.ts): a heading that overhangs the cells beside it by a few points
// does not stand over them. Real KALUPUR prints 'Sp. Mode' over a one-letter mode column ('T') and
// ending a few points into the narration, whose own heading 'Particulars' is centred far to the
// right; with the columns a point or two apart, the mode column took every narration's first
// 70 points and rows were left without a narration, unread.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { columnBands } from '../../src/parse/columns/bands.ts';
import type { Header } from '../../src/parse/columns/model.ts';
import type { Run } from '../../src/parse/lines.ts';
import { column } from './stages.ts';

const header: Header = {
  columns: [
    column('date', 15, 59),
    column('valueDate', 77, 126.4),
    column('other', 141.4, 188.6),
    column('description', 255.4, 302.6),
    column('debit', 378.2, 424.8),
    column('credit', 443.5, 493.5),
    column('balance', 520.4, 556.6),
  ],
  charWidth: 5,
};
const run = (text: string, x0: number, x1: number): Run => ({ text, x0, x1 });
const row = (narration: string, debit: string, credit: string, balance: string): Run[] => [
  run('05/04/2019', 16, 56),
  run('05/04/2019', 65, 105),
  run('T', 126, 130.9),
  run(narration, 183, 183 + 4.4 * narration.length),
  ...(debit ? [run(debit, 420 - 4.4 * debit.length, 420)] : []),
  ...(credit ? [run(credit, 486 - 4.4 * credit.length, 486)] : []),
  run(balance, 557 - 4.4 * balance.length, 557),
];
const rows = [
  row('NEFT/LUZRJ63505904982/R I IASLO', '', '15,000.00', '92,435.13'),
  row('OWIY from POS OODV PNJB AND OSQP', '550.00', '', '91,885.13'),
  row('CWDR from ATM 6RURHH50 462124990252', '10,000.00', '', '81,885.13'),
  row('NEFT/LUZRJ11216518579/R I IASLO', '', '16,000.00', '97,885.13'),
];

test('a heading that overhangs the narration by a few points leaves the narration whole', () => {
  const bands = columnBands(header, rows);
  const narration = bands.find((b) => b.col.role === 'description')!;
  const mode = bands.find((b) => b.col.role === 'other' && b.x1 <= 183)!;
  assert.ok(narration.x0 <= 183, `narration band starts at ${narration.x0}`);
  assert.ok(
    mode && mode.x0 <= 126 && mode.x1 >= 130.9,
    `the mode letters have a band: ${JSON.stringify(bands)}`,
  );
});

test('a heading over most of a stretch still stands over it', () => {
  // the same mode heading set over its own letters: the letters are its
  const over = {
    ...header,
    columns: header.columns.map((c) => (c.role === 'other' ? column('other', 122, 160) : c)),
  };
  const bands = columnBands(over, rows);
  const mode = bands.find((b) => b.col.role === 'other')!;
  const narration = bands.find((b) => b.col.role === 'description')!;
  assert.ok(mode.x0 <= 126 && mode.x1 >= 130.9 && mode.x1 <= 183, `mode band ${mode.x0}-${mode.x1}`);
  assert.ok(narration.x0 <= 183, `narration band starts at ${narration.x0}`);
});
