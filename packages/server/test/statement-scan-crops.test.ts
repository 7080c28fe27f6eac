// Issue 32: the strip of the scanned page beside each row the reader flagged (Transaction.scanCrop)
// is kept with the statement's detail, answered by GET /statements/{id}/scan-crops to its owner
// only, and never with the statement itself (the result screen's first call stays small). PGlite.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { StatementScanCrops } from '@bahi/contract';
import type { AccountStatement, StatementResult } from '@bahi/statements';
import { saveStatementResult, statementDetail } from '../src/statements/results.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';

const tx = (date: string, balance: number, flagged: boolean, crop?: string) => ({
  date,
  valueDate: null,
  description: 'UPI/DR/TATA PLAY',
  reference: null,
  withdrawal: 100_00,
  deposit: 0,
  balance,
  page: 1,
  ...(flagged ? { ocrFlag: true } : {}),
  ...(crop ? { scanCrop: crop } : {}),
});

function account(): AccountStatement {
  return {
    number: '1234',
    holder: null,
    ifsc: null,
    type: null,
    period: { from: null, to: null },
    openingBalance: 1_000_00,
    closingBalance: null,
    transactions: [
      tx('2023-02-01', 900_00, false),
      tx('2023-02-02', 800_00, true, 'AAAA'),
      // a strip without a flag is not the screen's (the flag decides what it shows)
      tx('2023-02-03', 700_00, false, 'BBBB'),
      tx('2023-02-04', 600_00, true),
    ],
    reconciliation: {
      ok: true,
      message: 'Balances reconcile.',
      openingBalance: 1_000_00,
      closingBalance: 600_00,
      openingSource: 'printed',
      totalDeposits: 0,
      totalWithdrawals: 400_00,
      checkedBalances: 4,
      breaks: [],
    },
  } as unknown as AccountStatement;
}

const result = (a: AccountStatement) =>
  ({
    bank: 'PNB',
    detection: { code: 'PNB', name: 'Punjab National Bank', confidence: 1, reason: '' },
    accounts: [a],
    issues: [],
    format: 'image',
  }) as unknown as StatementResult;

test('the detail keeps the strips of the flagged rows, by row index', () => {
  const a = account();
  const detail = statementDetail(result(a), a, []);
  assert.deepEqual(detail.scan_crops, { '1': 'AAAA' });
  assert.deepEqual(detail.reconciliation.ocr_flags, [1, 3]);
  // none cut: no key at all
  const plain = account();
  for (const t of plain.transactions) delete t.scanCrop;
  assert.equal('scan_crops' in statementDetail(result(plain), plain, []), false);
});

describe('GET /statements/{id}/scan-crops (PGlite)', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    h = await startApp();
  });
  after(async () => {
    await h?.close();
  });

  async function stored(userId: string, a: AccountStatement) {
    return saveStatementResult(h.database.db, {
      userId,
      requestedBank: 'pnb',
      fileName: 'photo.png',
      format: 'image',
      detail: statementDetail(result(a), a, []),
      rows: a.transactions.map((t) => ({
        Date: t.date,
        Description: t.description,
        Withdrawal: '100.00',
        Deposit: '',
        ClosingBalance: String(t.balance! / 100),
        LedgerName: '',
      })),
      now: h.clock.now(),
    });
  }

  test('the owner gets the strips; the statement itself carries none; another user gets 404', async () => {
    const owner = await makeMember(h, 10);
    const other = await makeMember(h, 10);
    const { id } = await stored(owner.id, account());

    const crops = await call(h.app, 'GET', `/api/statements/${id}/scan-crops`, { token: owner.token });
    assert.equal(crops.status, 200, crops.raw);
    assert.deepEqual(StatementScanCrops.parse(crops.body), { crops: { '1': 'AAAA' } });

    const meta = await call(h.app, 'GET', `/api/statements/${id}`, { token: owner.token });
    assert.equal(meta.status, 200);
    assert.equal('scan_crops' in meta.body, false);
    assert.doesNotMatch(meta.raw, /AAAA/);
    assert.deepEqual(meta.body.reconciliation.ocr_flags, [1, 3]);

    const theirs = await call(h.app, 'GET', `/api/statements/${id}/scan-crops`, { token: other.token });
    assert.equal(theirs.status, 404);
    assert.doesNotMatch(theirs.raw, /AAAA/);
  });

  test('a statement without strips answers none', async () => {
    const owner = await makeMember(h, 10);
    const a = account();
    for (const t of a.transactions) delete t.scanCrop;
    const { id } = await stored(owner.id, a);
    const crops = await call(h.app, 'GET', `/api/statements/${id}/scan-crops`, { token: owner.token });
    assert.equal(crops.status, 200);
    assert.deepEqual(crops.body, { crops: {} });
  });
});
