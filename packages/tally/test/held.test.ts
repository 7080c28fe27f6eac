// Reading what the company already holds on a bank ledger (issue 31): the request's shape, the
// emulator's answer, and matching by day, side and amount (each held movement answers for one).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  buildBankVouchersXml,
  heldKeys,
  heldVouchersRequest,
  mostOfEach,
  parseHeldVouchers,
  pushToTally,
  readHeldVouchers,
  startTallyEmulator,
  type RunningEmulator,
} from '../src/index.ts';

let tally: RunningEmulator;
before(async () => {
  tally = await startTallyEmulator({ companies: ['Held & Co'] });
});
after(() => tally.close());

test('the request narrows to the ledger and the period, leaving out cancelled and optional vouchers', () => {
  const xml = heldVouchersRequest('HDFC & Co A/c', '2025-07-01', '2025-07-31', 'Held & Co');
  assert.match(xml, /<SVFROMDATE>20250701<\/SVFROMDATE>\s*<SVTODATE>20250731<\/SVTODATE>/);
  assert.match(xml, /<TYPE>Voucher<\/TYPE>/);
  assert.match(xml, /\$\$IsEqual:\$LedgerName:(&quot;|")HDFC &amp; Co A\/c(&quot;|")/);
  assert.match(xml, /NOT \$IsCancelled/);
  assert.throws(() => heldVouchersRequest('Say "hi"', '2025-07-01', '2025-07-31'), /cannot be looked up/);
});

test('what the emulator holds on the ledger in the period, by day, side and amount', async () => {
  tally.emulator.reset();
  const xml = buildBankVouchersXml({
    company: 'Held & Co',
    bankLedger: 'HDFC',
    withMasters: true,
    transactions: [
      { date: '2025-06-30', description: 'before', withdrawal: 100, deposit: 0 },
      { date: '2025-07-01', description: 'out', withdrawal: 500, deposit: 0 },
      { date: '2025-07-02', description: 'in', withdrawal: 0, deposit: 700 },
      { date: '2025-07-02', description: 'reversal', withdrawal: -50, deposit: 0 },
    ],
  });
  assert.equal((await pushToTally(xml, { port: tally.port })).ok, true);
  // Another ledger's voucher in the period is not the bank's.
  await pushToTally(
    buildBankVouchersXml({
      company: 'Held & Co',
      bankLedger: 'SBI',
      withMasters: true,
      transactions: [{ date: '2025-07-03', description: 'sbi', withdrawal: 900, deposit: 0 }],
    }),
    { port: tally.port },
  );
  const held = await readHeldVouchers({
    port: tally.port,
    company: 'Held & Co',
    bankLedger: 'hdfc',
    from: '2025-07-01',
    to: '2025-07-31',
  });
  assert.deepEqual(held, [
    { date: '2025-07-01', side: 'withdrawal', paise: 500 },
    { date: '2025-07-02', side: 'deposit', paise: 700 },
    { date: '2025-07-02', side: 'deposit', paise: 50 },
  ]);
  // Two alike in the statement, one held: one is already there, the other goes.
  const keys = heldKeys(
    [
      { key: 'a', date: '2025-07-01', side: 'withdrawal', paise: 500 },
      { key: 'b', date: '2025-07-01', side: 'withdrawal', paise: 500 },
      { key: 'c', date: '2025-07-02', side: 'withdrawal', paise: 700 },
    ],
    held,
  );
  assert.deepEqual([...keys], ['a']);
});

test('a voucher Bahi sent answers for itself, never for a row not yet sent of the same day and amount', () => {
  const twin = { date: '2025-07-01', side: 'withdrawal', paise: 500 } as const;
  // Tally holds one: Bahi sent 'a' (recorded), 'b' is its twin not yet sent.
  const movements = [
    { key: 'b', ...twin },
    { key: 'a', ...twin },
  ];
  assert.deepEqual([...heldKeys(movements, [twin], new Set(['a']))], []);
  // Tally holds two: the second answers for 'b'.
  assert.deepEqual([...heldKeys(movements, [twin, twin], new Set(['a']))], ['b']);
  // Outside the rows offered: a row of the book pushed before takes its own voucher first.
  assert.deepEqual([...heldKeys([{ key: 'b', ...twin }], [twin], new Set(), [twin])], []);
  assert.deepEqual([...heldKeys([{ key: 'b', ...twin }], [twin, twin], new Set(), [twin])], ['b']);
});

test("Bahi's vouchers counted by two records: each day, side and amount as often as the fuller says", () => {
  const a = { date: '2025-07-01', side: 'withdrawal', paise: 500 } as const;
  const b = { date: '2025-07-02', side: 'deposit', paise: 700 } as const;
  // The book's pushed rows (one of a) are recorded as sent too, beside a twin the screen sent and b.
  const book = [a];
  const record = [a, a, b];
  assert.deepEqual(mostOfEach(book, record), [a, a, b]);
  assert.deepEqual(mostOfEach(record, book), [a, a, b]);
  // Recorded before the record kept movements: the book alone knows them.
  assert.deepEqual(mostOfEach([a, b], []), [a, b]);
  // a held three times: two are Bahi's own, the third (the accountant's entry) answers for the twin;
  // held twice, the twin is not in Tally and goes.
  const twin = [{ key: 'new', ...a }];
  assert.deepEqual([...heldKeys(twin, [a, a, a, b], new Set(), mostOfEach(book, record))], ['new']);
  assert.deepEqual([...heldKeys(twin, [a, a, b], new Set(), mostOfEach(book, record))], []);
});

test('Tally refusing the request is an error with its words', () => {
  assert.throws(
    () =>
      parseHeldVouchers(
        '<ENVELOPE><HEADER><VERSION>1</VERSION><STATUS>0</STATUS></HEADER><BODY><DATA><LINEERROR>Could not set SVCurrentCompany</LINEERROR></DATA></BODY></ENVELOPE>',
        'HDFC',
      ),
    /Could not set/,
  );
});
