// What Tally holds is matched against all of Bahi's own vouchers, not only the request's (issue 31,
// decision 037 round 3f). A voucher Bahi sent before from rows outside a request (a filtered view,
// an earlier statement) is held in Tally on the same day, side and amount as a row of the request
// that never went: it must answer for itself, so that row still reaches Tally. On every path that
// reads what Tally holds: Send to Tally, the office push, send again. The emulator matches no
// REMOTEID (its default), so each test counts the vouchers in its books.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bankVoucherIds, readHeldVouchers, startTallyEmulator, type RunningEmulator } from '@bahi/tally';
import type { StatementTransaction } from '@bahi/contract';
import { rowsToBankTransactions } from '../src/statements/shape.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { officeAccount, pushExport, reportUnreachable } from './helpers/tally-push.ts';

const COMPANY = 'Slice & Co';
const LEDGER = 'SBI Current A/c';

const row = (Date: string, Description: string, out: string, into: string, balance: string) => ({
  Date,
  Description,
  Withdrawal: out,
  Deposit: into,
  ClosingBalance: balance,
});

// Two pairs of twins by day, side and amount (A and B, D and E), told apart by their balances.
const Z = row('31-03-2025', 'NEFT/IN/OPENING/1000', '', '10000.00', '10000.00');
const A = row('01-04-2025', 'UPI/CHAI STALL/1001', '100.00', '', '9900.00');
const B = row('01-04-2025', 'UPI/PAPER MART/1002', '100.00', '', '9800.00');
const C = row('02-04-2025', 'NEFT/IN/CLIENT/1003', '', '500.00', '10300.00');
const D = row('03-04-2025', 'UPI/CAB/1004', '250.00', '', '10050.00');
const E = row('03-04-2025', 'UPI/LUNCH/1005', '250.00', '', '9800.00');
const STATEMENT: StatementTransaction[] = [Z, A, B, C, D, E];
const ids = (rows: StatementTransaction[]) =>
  bankVoucherIds({ bankLedger: LEDGER, transactions: rowsToBankTransactions(rows) }).flat();

describe("what Tally holds answers for Bahi's own vouchers first, outside the request too", () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  let tally: RunningEmulator;

  before(async () => {
    h = await startApp();
    tally = await startTallyEmulator({ port: 0, companies: [COMPANY] });
  });
  after(async () => {
    await tally?.close();
    await h?.close();
  });

  const api = (token: string, method: 'GET' | 'POST', url: string, json?: unknown) =>
    call(h.app, method, `/api${url}`, { token, json });
  const send = (token: string, transactions: StatementTransaction[], extra: object = {}) =>
    api(token, 'POST', '/tally/send-to-tally?xml=none', {
      transactions,
      ledger_name: LEDGER,
      company_name: COMPANY,
      ...extra,
    });
  /** What the bridge reads from the company over the statement's days, as the screens ask it. */
  const held = () =>
    readHeldVouchers({
      port: tally.port,
      company: COMPANY,
      bankLedger: LEDGER,
      from: '2025-03-31',
      to: '2025-04-03',
    });

  /** Each transaction of the statement once in the emulator's books, and the bank as printed. */
  function assertBooksOnce() {
    const company = tally.emulator.book.company(COMPANY)!;
    assert.equal(company.vouchers.length, STATEMENT.length, 'one voucher per movement');
    assert.deepEqual(new Set(company.vouchers.map((v) => v.remoteId)), new Set(ids(STATEMENT)));
    // Tally's sign: a debit (money in) is negative; the statement ends at 9,800.00 from nothing.
    assert.equal(company.balances().get(LEDGER.toLowerCase()), -980_000);
  }

  test('Send to Tally of part of a statement, then of a filtered view holding the unsent twins', async () => {
    tally.emulator.reset();
    const { token } = await makeMember(h, 0);
    const first = await send(token, [Z, A, C, D]);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    await pushExport(h, token, tally.emulator, first.body.xml_id);

    // The table filtered to B and E: Tally holds A and D (same day, side and amount), which Bahi sent.
    const filtered = await send(token, [B, E], { held: await held() });
    assert.equal(filtered.status, 200, JSON.stringify(filtered.body));
    assert.equal(filtered.body.already_in_tally, 0);
    assert.equal(filtered.body.vouchers, 2);
    await pushExport(h, token, tally.emulator, filtered.body.xml_id);
    assertBooksOnce();

    // The whole statement again, with what Tally holds: nothing new.
    const whole = await send(token, STATEMENT, { held: await held() });
    assert.equal(whole.status, 409, JSON.stringify(whole.body));
    assertBooksOnce();
  });

  test('Send to Tally of a statement in part, then of a later statement overlapping its days', async () => {
    tally.emulator.reset();
    const { token } = await makeMember(h, 0);
    // The March-April statement, only Z and A sent (B filtered out).
    const first = await send(token, [Z, A]);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    await pushExport(h, token, tally.emulator, first.body.xml_id);

    // The next statement starts on 1 April with B: A is not in it, but Tally holds A.
    const later = await send(token, [B, C, D, E], { held: await held() });
    assert.equal(later.status, 200, JSON.stringify(later.body));
    assert.equal(later.body.already_in_tally, 0);
    assert.equal(later.body.vouchers, 4);
    await pushExport(h, token, tally.emulator, later.body.xml_id);
    assertBooksOnce();
  });

  test('the statement screen sends a row, the office book pushes a later statement holding its twin', async () => {
    tally.emulator.reset();
    const { token } = await makeMember(h, 0);
    const first = await send(token, [Z, A]);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    await pushExport(h, token, tally.emulator, first.body.xml_id);

    const { office, client, account } = await officeAccount(h, token, {
      name: 'Slice',
      company: COMPANY,
      bank: 'SBI',
      number: '30001234567',
      ledger: LEDGER,
    });
    const filed = await office('POST', '/statements/file', {
      client_id: client.id,
      account_number: '30001234567',
      transactions: [B, C, D, E],
    });
    assert.equal(filed.status, 200, JSON.stringify(filed.body));
    const push = await office('POST', `/accounts/${account.id}/push`, { held: await held() });
    assert.equal(push.status, 200, JSON.stringify(push.body).slice(0, 300));
    assert.equal(push.body.vouchers, 4);
    assert.equal(push.body.already_sent, 0);
    await pushExport(h, token, tally.emulator, push.body.xml_id);
    assertBooksOnce();
    assert.equal((await office('GET', `/accounts/${account.id}/book`)).body.account.unpushed, 0);
  });

  test('send again of a push the bridge never delivered, beside the twins another push delivered', async () => {
    tally.emulator.reset();
    const { token } = await makeMember(h, 0);
    const first = await send(token, [Z, A, C, D]);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    await pushExport(h, token, tally.emulator, first.body.xml_id);

    // B and E go with the bridge stopped: nothing reaches Tally.
    const lost = await send(token, [B, E]);
    assert.equal(lost.status, 200, JSON.stringify(lost.body));
    await reportUnreachable(h, token, lost.body.xml_id);

    const again = await api(token, 'POST', `/tally/pushes/${lost.body.xml_id}/again`, { held: await held() });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.already_in_tally, 0);
    assert.equal(again.body.vouchers, 2);
    await pushExport(h, token, tally.emulator, again.body.xml_id, { parts: again.body.parts });
    assertBooksOnce();
  });
});
