// The table found without headings (src/parse/columns/rows.ts): the dated rows and their balances place the
// columns.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inferLayout } from '../../src/parse/columns/rows.ts';
import type { Line, Run } from '../../src/parse/lines.ts';

/** One line of runs laid out left to right at the given x positions, 7 pt per character. */
function line(y: number, cells: [x: number, text: string][]): Line {
  const runs: Run[] = cells.map(([x, text]) => ({ text, x0: x, x1: x + 7 * text.length }));
  return { page: 1, y, height: 10, runs, text: runs.map((r) => r.text).join(' ') };
}

// Debit ends at 400, credit at 480, balance at 570: right-aligned figures, so each starts where it fits.
const right = (edge: number, text: string): [number, string] => [edge - 7 * text.length, text];
const ROWS: [string, string, string, string, string][] = [
  ['01', 'Apr', 'CLG/MAHALAXMI STEELS', '', '9,273.00'],
  ['01', 'Apr', 'UPI/309164058240/groceries', '1,530.00', ''],
  ['02', 'Apr', 'NFS/CASH WDL/PUNE', '3,500.00', ''],
  ['05', 'Apr', 'MMT/IMPS/advance', '', '38,028.00'],
  ['07', 'Apr', 'NEFT/ORIENT PAPER', '12.00', ''],
];

function statement(): Line[] {
  let balance = 100_000;
  return ROWS.map(([day, mon, narration, debit, credit], i) => {
    balance +=
      (credit ? Number(credit.replace(/,/g, '')) : 0) - (debit ? Number(debit.replace(/,/g, '')) : 0);
    const bal = balance.toLocaleString('en-US', { minimumFractionDigits: 2 });
    const cells: [number, string][] = [
      // a fixed-width font leaves a gap after the day and the month as wide as a column gap
      [20, day],
      [40, mon],
      [68, '2023'],
      [110, narration],
    ];
    if (debit) cells.push(right(400, debit));
    if (credit) cells.push(right(480, credit));
    cells.push(right(570, bal));
    return line(100 + 15 * i, cells);
  });
}

test('a date printed as three words is one date column, and the balances place the figures', () => {
  const layout = inferLayout(statement());
  assert.ok(layout, 'a layout is inferred');
  assert.equal(layout.sure, true);
  const roles = layout.columns.map((c) => c.role);
  assert.deepEqual(
    roles.filter((r) => r !== 'other'),
    ['date', 'description', 'debit', 'credit', 'balance'],
  );
  const date = layout.columns.find((c) => c.role === 'date')!;
  // the day, the month and the year are all inside it
  assert.ok(date.x0 <= 20 && date.x1 >= 68 + 28, `date column ${date.x0}-${date.x1}`);
});

/** The statement with its date cells replaced: a value date and a posting date a line, as `runs` draws them. */
function withTwoDates(dates: string[][], runs: (value: string, posted: string) => Run[]): Line[] {
  return statement().map((l, i) => {
    const [value, posted] = dates[i]!;
    const all = [...runs(value!, posted!), ...l.runs.slice(3)];
    return { ...l, runs: all, text: all.map((r) => r.text).join(' ') };
  });
}

/** The value date and the posting date the layout found: the value date printed first. */
function assertValueDateFirst(lines: Line[]): void {
  const layout = inferLayout(lines);
  assert.ok(layout, 'a layout is inferred');
  const value = layout.columns.find((c) => c.role === 'valueDate');
  const posting = layout.columns.find((c) => c.role === 'date');
  assert.ok(value && posting, JSON.stringify(layout.columns));
  assert.ok(value.x1 < posting.x0, 'the value date is the first of the two');
}

test('lines without a date at their start are no table', () => {
  const lines = statement().map((l) => ({ ...l, runs: l.runs.slice(3) }));
  assert.equal(inferLayout(lines), null);
});

test('two dates set closer than a column gap are two date columns; the one printed in order is the posting date', () => {
  // value date first, then the posting date, drawn as one run ('03-04-23 01-04-23')
  const dates = [
    ['03-04-23', '01-04-23'],
    ['01-04-23', '01-04-23'],
    ['02-04-23', '02-04-23'],
    ['09-04-23', '05-04-23'],
    ['07-04-23', '07-04-23'],
  ];
  assertValueDateFirst(
    withTwoDates(dates, (value, posted) => {
      const text = `${value} ${posted}`;
      return [{ text, x0: 20, x1: 20 + 5 * text.length }];
    }),
  );
});

test("of two date columns without a year ('Dec 09' | 'Dec 08'), both in order, the posting date is the earlier", () => {
  // value date first, then the posting date, each a cell of its own
  const dates = [
    ['Apr 01', 'Apr 01'],
    ['Apr 01', 'Apr 01'],
    ['Apr 03', 'Apr 02'],
    ['Apr 05', 'Apr 05'],
    ['Apr 07', 'Apr 07'],
  ];
  assertValueDateFirst(
    withTwoDates(dates, (value, posted) => [
      { text: value, x0: 0, x1: 42 },
      { text: posted, x0: 56, x1: 98 },
    ]),
  );
});

test("a cheque number a column gap after a date printed as '01' 'Apr' is no part of the date", () => {
  // (the date column took it: '05 Apr 135711' read as no date, and those rows were not read)
  const lines = statement().map((l, i) => {
    const runs: Run[] = [l.runs[0]!, l.runs[1]!, ...l.runs.slice(3)];
    if (i === 1 || i === 3) runs.splice(2, 0, { text: '1357', x0: 72, x1: 100 });
    return { ...l, runs, text: runs.map((r) => r.text).join(' ') };
  });
  const layout = inferLayout(lines);
  assert.ok(layout, 'a layout is inferred');
  const date = layout.columns.find((c) => c.role === 'date');
  assert.ok(date && date.x1 < 72, JSON.stringify(layout.columns));
});

test("a serial number before a date printed as 'Dec 02' is no part of the date", () => {
  // 1 | Dec 02 | narration ... : the serial is a column gap from the month, the month a word space
  // from its day; read together, '1 Dec 02' had made every row a day early (and of 2002)
  let balance = 100_000;
  const lines = ROWS.map(([day, , narration, debit, credit], i) => {
    balance +=
      (credit ? Number(credit.replace(/,/g, '')) : 0) - (debit ? Number(debit.replace(/,/g, '')) : 0);
    const bal = balance.toLocaleString('en-US', { minimumFractionDigits: 2 });
    const cells: [number, string][] = [
      [20, String(i + 1)],
      [60, 'Dec'],
      [84, day],
      [130, narration],
    ];
    if (debit) cells.push(right(400, debit));
    if (credit) cells.push(right(480, credit));
    cells.push(right(570, bal));
    return line(100 + 15 * i, cells);
  });
  const layout = inferLayout(lines);
  assert.ok(layout, 'a layout is inferred');
  const date = layout.columns.find((c) => c.role === 'date')!;
  assert.ok(date.x0 > 20 + 7 && date.x1 >= 84 + 14, `date column ${date.x0}-${date.x1}`);
});

test('the narration is the text column that wraps, though a reference column holds more words on the dated line', () => {
  // SBI: 'TO' | 'TRANSFER TO 2347310529241' on the dated line, the narration's rest on the lines below
  let balance = 100_000;
  const lines: Line[] = [];
  ROWS.forEach(([day, mon, narration, debit, credit], i) => {
    balance +=
      (credit ? Number(credit.replace(/,/g, '')) : 0) - (debit ? Number(debit.replace(/,/g, '')) : 0);
    const bal = balance.toLocaleString('en-US', { minimumFractionDigits: 2 });
    const [head, ...rest] = narration.split('/');
    const cells: [number, string][] = [
      [20, `${day}-${mon}-2023`],
      [120, head!],
      [250, `TRANSFER TO ${2347310529241 + i}`],
    ];
    if (debit) cells.push(right(520, debit));
    if (credit) cells.push(right(590, credit));
    cells.push(right(680, bal));
    lines.push(
      line(100 + 30 * i, cells),
      line(110 + 30 * i, [[120, `${rest.join('/')} SENT FROM PHONEPE APP`]]),
    );
  });
  const layout = inferLayout(lines);
  assert.ok(layout, 'a layout is inferred');
  const narration = layout.columns.find((c) => c.role === 'description')!;
  assert.ok(narration.x0 <= 120 && narration.x1 < 250, `narration ${narration.x0}-${narration.x1}`);
});

test("a column of whole rupees with '--' where it has no figure is the deposits, not a reference", () => {
  // withdrawals with and without paise, deposits all whole rupees; each row prints '--' in the
  // column it has no figure in (a browser print of AXIS under headings the reader does not know)
  const rows: [string, string, string][] = [
    ['UPI/P2M/403084365690/TATA PLAY', '16062', '--'],
    ['CLG/OM SAI LOGISTICS/ICICI BANK', '--', '81498'],
    ['POS/LIC OF INDIA/JAIPUR/649203', '162.33', '--'],
    ['UPI/P2A/402150615140/NAVEEN', '--', '825'],
    ['ATM-CASH-AXIS/NUMGAC37/JAIPUR', '4000', '--'],
  ];
  let balance = 50_000;
  const lines = rows.map(([narration, debit, credit], i) => {
    balance += (credit === '--' ? 0 : Number(credit)) - (debit === '--' ? 0 : Number(debit));
    return line(100 + 15 * i, [
      [20, `${String(10 + i)}-01-24`],
      [110, narration],
      right(400, debit),
      right(480, credit),
      right(570, balance.toFixed(2)),
    ]);
  });
  const layout = inferLayout(lines);
  assert.ok(layout, 'a layout is inferred');
  assert.equal(layout.sure, true);
  assert.deepEqual(
    layout.columns.map((c) => c.role),
    ['date', 'description', 'debit', 'credit', 'balance'],
  );
});

test('a date alone on its line, printed under a row, is no row whose figures stand on the line under it', () => {
  // each row's value date printed alone under its date line; under the last one on each page the
  // carried-forward totals, the credits' and the balance's items overlapping ('Rs. 719.00' |
  // 'Rs. 38,751.50'; generated AXIS seed 3405233359, unknown headings): a value date with figures
  // under it made those totals a row, and its figures joined the credits and the balances into one
  // column
  const at = (page: number, y: number, runs: [number, number, string][]): Line => ({
    page,
    y,
    height: 10,
    runs: runs.map(([x0, x1, text]) => ({ text, x0, x1 })),
    text: runs.map((r) => r[2]).join(' '),
  });
  const row = (
    page: number,
    y: number,
    n: string,
    date: string,
    text: string,
    fig: [number, string],
    bal: string,
  ) => [
    at(page, y, [
      [35, 40, n],
      [79, 119, date],
      [126, 126 + 5.4 * text.length, text],
      [515 - 5.4 * fig[1].length - (fig[0] === 0 ? 74 : 0), 515 - (fig[0] === 0 ? 74 : 0), fig[1]],
      [576 - 5.4 * bal.length, 576, bal],
      [584, 598, 'CR'],
    ]),
    at(page, y + 11, [[79, 119, date]]),
  ];
  const lines = [
    ...row(1, 198, '1', '02-03-24', 'REDDY/INDIAN BANK/invoice', [1, '`645.00Cr'], '`40,022.50'),
    ...row(1, 231, '2', '03-03-24', 'OFFICE AS AGREED', [1, '`74.00Cr'], '`40,096.50'),
    ...row(1, 264, '3', '03-03-24', 'LTD/AXIS BANK', [0, '`1,345.00Dr'], '`38,751.50'),
    at(1, 286, [
      [126, 142, 'C/F'],
      [385, 441, 'Rs. 1,345.00'],
      [448, 515, 'Rs. 719.00'],
      [509, 576, 'Rs. 38,751.50'],
      [584, 598, 'CR'],
    ]),
    ...row(2, 198, '4', '05-03-24', 'FOODS/INDIAN BANK', [1, '`5,691.00Cr'], '`44,442.50'),
    ...row(2, 231, '5', '05-03-24', 'SITE OFFICE AS AGREED', [1, '`7,700.00Cr'], '`52,142.50'),
    ...row(2, 264, '6', '07-03-24', 'ATM-CASH/AHMEDABAD', [0, '`1,000.00Dr'], '`51,142.50'),
    at(2, 286, [
      [126, 142, 'C/F'],
      [385, 441, 'Rs. 1,000.00'],
      [448, 515, 'Rs. 13,391.00'],
      [509, 576, 'Rs. 51,142.50'],
      [584, 598, 'CR'],
    ]),
  ];
  const layout = inferLayout(lines);
  assert.ok(layout, 'a layout is inferred');
  const roles = layout.columns.map((c) => c.role).filter((r) => r !== 'other');
  assert.deepEqual(
    roles,
    ['date', 'description', 'debit', 'credit', 'balance', 'mark'],
    JSON.stringify(layout.columns),
  );
  const credit = layout.columns.find((c) => c.role === 'credit')!;
  const balance = layout.columns.find((c) => c.role === 'balance')!;
  assert.ok(
    credit.x1 < 523 && balance.x0 > 515,
    `credit ${credit.x0}-${credit.x1}, balance ${balance.x0}-${balance.x1}`,
  );
});

test('a stretch is cut at the cells that stand in it, not at the cells of an item that reaches across the next ones', () => {
  // whole rupees with '-' for the empty one, the deposit before the withdrawal, every balance Dr;
  // the withdrawal and the balance, or the empty deposit's dash and the balance, drawn as one item
  // ('482 992695.89 Dr', '- 992213.89 Dr') over the withdrawal, balance and Dr/Cr stretches
  // (generated UTKARSH seed 3721969779, Helvetica 7.5, unknown headings). Each stretch was cut at
  // where that item's figures part, inside or not: columns that end before they start, and the
  // deposits read as withdrawals
  const item = (x0: number, x1: number, text: string): Run => {
    const per = (x1 - x0) / text.length;
    const edges: number[] = [];
    let at = 0;
    for (const w of text.split(' ')) {
      edges.push(x0 + at * per, x0 + (at + w.length) * per);
      at += w.length + 1;
    }
    return { text, x0, x1, edges };
  };
  const rows: [string, string, string, [number, number, string][]][] = [
    [
      '02/12/2023',
      'NEFT/IN/MAHBH233367180266/BHARAT',
      '02/12/2023',
      [
        [464, 487, '76692'],
        [514, 577, '- 992213.89 Dr'],
      ],
    ],
    [
      '04/12/2023',
      'UPI/DR/333813253533/AIRTEL',
      '04/12/2023',
      [
        [482, 487, '-'],
        [505, 577, '482 992695.89 Dr'],
      ],
    ],
    [
      '04/12/2023',
      'INWARD CLG/UNION BANK OF INDIA',
      '04/12/2023',
      [
        [469, 487, '6996'],
        [514, 577, '- 985699.89 Dr'],
      ],
    ],
    [
      '04/12/2023',
      'NEFT/IN/IDIBH233385599170',
      '04/12/2023',
      [
        [464, 487, '155960'],
        [514, 577, '- 829739.89 Dr'],
      ],
    ],
    [
      '05/12/2023',
      'IMPS/DR/333992131404/SUNITA KHAN',
      '05/12/2023',
      [
        [482, 487, '-'],
        [500, 577, '4652 834391.89 Dr'],
      ],
    ],
    [
      '06/12/2023',
      'UPI/DR/334071136100/PAYTM',
      '06/12/2023',
      [
        [482, 487, '-'],
        [509, 577, '54 834445.89 Dr'],
      ],
    ],
    [
      '07/12/2023',
      'IMPS/CR/334162856637/POOJA SINGH',
      '07/12/2023',
      [
        [469, 487, '2383'],
        [514, 577, '- 832062.89 Dr'],
      ],
    ],
    [
      '08/12/2023',
      'CASH DEPOSIT/LANKA',
      '08/12/2023',
      [
        [464, 487, '59100'],
        [514, 577, '- 772962.89 Dr'],
      ],
    ],
    [
      '08/12/2023',
      'INWARD CLG/HDFC BANK/KRISHNA',
      '09/12/2023',
      [
        [469, 487, '7075'],
        [514, 577, '- 765887.89 Dr'],
      ],
    ],
  ];
  const lines: Line[] = rows.map(([date, text, value, figures], i) => {
    const runs = [
      item(18, 23, String(i + 1)),
      item(49, 94, date),
      item(198, 198 + 4.5 * text.length, text),
      item(410, 455, value),
      ...figures.map(([x0, x1, t]) => item(x0, x1, t)),
    ];
    return { page: 1, y: 160 + 22 * i, height: 8, runs, text: runs.map((r) => r.text).join(' ') };
  });
  const layout = inferLayout(lines);
  assert.ok(layout, 'a layout is inferred');
  const shown = JSON.stringify(layout.columns);
  assert.ok(
    layout.columns.every((c) => c.x0 < c.x1),
    shown,
  );
  const of = (role: string) => layout.columns.find((c) => c.role === role);
  assert.ok(of('credit') && of('credit')!.x0 < 470 && of('credit')!.x1 <= 490, shown);
  assert.ok(of('debit') && of('debit')!.x0 > 490 && of('debit')!.x1 < 522, shown);
  assert.ok(of('balance') && of('balance')!.x0 > 510, shown);
});
