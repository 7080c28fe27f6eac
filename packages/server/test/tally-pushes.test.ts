// The list of pushes and send again (issue 31): a push is listed with Tally's answer per voucher; a
// push with the bridge stopped marks nothing as sent, and sending it again from the list completes
// it; a part Tally took whose answer was lost is not entered twice when what Tally holds is read
// first; an office push sent again marks its rows pushed on Tally's answer. The emulator matches
// no REMOTEID (its default), so a voucher sent twice would be in its books twice: each test counts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  bankVoucherIds,
  countImportObjects,
  parseTallyResponse,
  readHeldVouchers,
  startTallyEmulator,
  type RunningEmulator,
} from '@bahi/tally';
import type { StatementTransaction } from '@bahi/contract';
import { rowsToBankTransactions } from '../src/statements/shape.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { officeAccount, pushExport, reportUnreachable } from './helpers/tally-push.ts';

const COMPANY = 'Again & Co';
const LEDGER = 'ICICI Current A/c';

/** 1,100 rows over three months with running balances: three parts of 500. */
function statementRows(n = 1100): StatementTransaction[] {
  let balance = 10_000_000;
  return Array.from({ length: n }, (_, i) => {
    const day = new Date(Date.UTC(2025, 3, 1) + Math.floor(i / 12) * 86_400_000);
    const out = i % 3 !== 0;
    const paise = 10_000 + ((i * 7919) % 500_000);
    balance += out ? -paise : paise;
    const fmt = (p: number) => (p / 100).toFixed(2);
    return {
      Date: `${String(day.getUTCDate()).padStart(2, '0')}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-2025`,
      Description: `${out ? 'NEFT/OUT' : 'NEFT/IN'}/PARTY ${i % 40}/${100000 + i}`,
      Withdrawal: out ? fmt(paise) : '',
      Deposit: out ? '' : fmt(paise),
      ClosingBalance: fmt(balance),
    };
  });
}

describe('the list of pushes and send again', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  let tally: RunningEmulator;
  const rows = statementRows();
  const ids = bankVoucherIds({ bankLedger: LEDGER, transactions: rowsToBankTransactions(rows) }).flat();

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
  const send = (token: string, transactions: StatementTransaction[]) =>
    api(token, 'POST', '/tally/send-to-tally?xml=none', {
      transactions,
      ledger_name: LEDGER,
      company_name: COMPANY,
    });

  /** The emulator's books hold each voucher once, and exactly those of `expected`. */
  function assertBooksOnce(expected: readonly string[]) {
    const company = tally.emulator.book.company(COMPANY)!;
    assert.equal(company.vouchers.length, expected.length, 'one voucher per movement');
    assert.deepEqual(new Set(company.vouchers.map((v) => v.remoteId)), new Set(expected));
  }

  test('a push with the bridge stopped marks nothing; the list shows it and sending it again completes it', async () => {
    tally.emulator.reset();
    const { token } = await makeMember(h, 0);
    const sent = await send(token, rows);
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.parts, 3);
    // The connector could not reach Tally: the web app stops after the first part and reports it.
    await reportUnreachable(h, token, sent.body.xml_id, 0);

    const list = await api(token, 'GET', '/tally/pushes');
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.equal(list.body.total, 1);
    const [push] = list.body.pushes;
    assert.equal(push.id, sent.body.xml_id);
    assert.equal(push.vouchers, rows.length);
    assert.equal(push.in_tally, 0, 'nothing is marked sent');
    assert.equal(push.state, 'not_done');
    assert.equal(push.parts, 3);
    assert.equal(push.parts_answered, 1);
    assert.equal(push.source, 'statement');
    assert.deepEqual([push.from, push.to], ['2025-04-01', '2025-07-01']);
    assert.match(push.problems[0], /Could not talk to Tally/);

    // Per voucher: the first part was answered (not taken), the others not at all.
    const detail = await api(token, 'GET', `/tally/pushes/${push.id}?limit=1000`);
    assert.equal(detail.status, 200, JSON.stringify(detail.body).slice(0, 300));
    const states = detail.body.voucher_list.map((v: { state: string }) => v.state);
    assert.equal(states.filter((s: string) => s === 'not_taken').length, 500);
    assert.equal(states.filter((s: string) => s === 'no_answer').length, 500);
    assert.equal(detail.body.matching, rows.length);
    assert.match(detail.body.voucher_list[0].answer, /Could not talk to Tally/);
    assert.equal(detail.body.voucher_list[0].remote_id, ids[0]);
    const noAnswer = await api(token, 'GET', `/tally/pushes/${push.id}?state=no_answer&offset=590&limit=50`);
    assert.equal(noAnswer.body.matching, 600);
    assert.equal(noAnswer.body.voucher_list.length, 10);
    assert.equal((await api(token, 'GET', `/tally/pushes/${push.id}?state=maybe`)).status, 400);

    // Send again: every voucher, as a new push; Tally takes it whole.
    const again = await api(token, 'POST', `/tally/pushes/${push.id}/again`, {});
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.vouchers, rows.length);
    assert.equal(again.body.already_sent, 0);
    await pushExport(h, token, tally.emulator, again.body.xml_id, { parts: again.body.parts });
    assertBooksOnce(ids);

    const after = (await api(token, 'GET', '/tally/pushes')).body;
    assert.equal(after.total, 2);
    assert.deepEqual(
      after.pushes.map((p: { state: string; in_tally: number }) => [p.state, p.in_tally]),
      [
        ['done', rows.length],
        ['done', rows.length],
      ],
      'both pushes: every voucher in Tally',
    );
    // Nothing left to send: 409, and the books stay as they are.
    const third = await api(token, 'POST', `/tally/pushes/${push.id}/again`, {});
    assert.equal(third.status, 409);
    assert.match(third.body.detail, new RegExp(`${rows.length} recorded as sent`));
    assertBooksOnce(ids);
    // Another user sees none of it.
    const other = await makeMember(h, 0);
    assert.equal((await api(other.token, 'GET', '/tally/pushes')).body.total, 0);
    assert.equal((await api(other.token, 'GET', `/tally/pushes/${push.id}`)).status, 404);
    assert.equal((await api(other.token, 'POST', `/tally/pushes/${push.id}/again`, {})).status, 404);
  });

  test('a part Tally took whose answer was lost: what Tally holds is read first and not sent again', async () => {
    tally.emulator.reset();
    const { token } = await makeMember(h, 0);
    const sent = await send(token, rows);
    // Part 0 reaches Tally, but the bridge dies before reporting; part 1 is answered and taken;
    // part 2 never goes.
    const part0 = await api(token, 'GET', `/tally/exports/${sent.body.xml_id}?part=0`);
    assert.equal(tally.emulator.importXml(part0.body.xml).outcome.errors, 0);
    const part1 = await api(token, 'GET', `/tally/exports/${sent.body.xml_id}?part=1`);
    const { xml } = tally.emulator.importXml(part1.body.xml);
    const result = parseTallyResponse(xml, countImportObjects(part1.body.xml));
    assert.ok(result.ok);
    await api(token, 'POST', `/tally/exports/${sent.body.xml_id}/response?part=1`, {
      ok: true,
      status: 'success',
      tally_response: result,
    });
    const [push] = (await api(token, 'GET', '/tally/pushes')).body.pushes;
    assert.equal(push.in_tally, 500);
    assert.equal(push.state, 'partly');
    const states = (await api(token, 'GET', `/tally/pushes/${push.id}?limit=1000`)).body.voucher_list.map(
      (v: { state: string }) => v.state,
    );
    assert.deepEqual(
      [0, 499, 500, 999].map((i) => states[i]),
      ['no_answer', 'no_answer', 'in_tally', 'in_tally'],
    );

    // The web app asks the bridge what the company holds in the push's days, then sends again.
    const held = await readHeldVouchers({
      port: tally.port,
      company: COMPANY,
      bankLedger: LEDGER,
      from: push.from,
      to: push.to,
    });
    const again = await api(token, 'POST', `/tally/pushes/${push.id}/again`, { held });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.already_sent, 500, 'part 1: recorded');
    assert.equal(again.body.already_in_tally, 500, 'part 0: found in Tally');
    assert.equal(again.body.vouchers, rows.length - 1000);
    await pushExport(h, token, tally.emulator, again.body.xml_id, { parts: again.body.parts });
    assertBooksOnce(ids);
    const listed = (await api(token, 'GET', '/tally/pushes')).body.pushes;
    assert.deepEqual(
      listed.map((p: { state: string }) => p.state),
      ['done', 'done'],
    );
  });

  test('an office push with the bridge stopped, sent again from the list: its rows are marked pushed on the answer', async () => {
    tally.emulator.reset();
    const { token } = await makeMember(h, 0);
    const { office, client, account } = await officeAccount(h, token, {
      name: 'Again',
      company: COMPANY,
      bank: 'ICICI',
      number: '000405001234',
      ledger: LEDGER,
    });
    const some = rows.slice(0, 120);
    const filed = await office('POST', '/statements/file', {
      client_id: client.id,
      account_number: '000405001234',
      transactions: some,
    });
    assert.equal(filed.body.kind, 'filed', JSON.stringify(filed.body));
    const push = await office('POST', `/accounts/${account.id}/push`, {});
    assert.equal(push.status, 200, JSON.stringify(push.body).slice(0, 300));
    // The office screen sends the whole file in one request: the bridge could not reach Tally.
    await call(h.app, 'POST', `/api/tally/exports/${push.body.xml_id}/response`, {
      token,
      json: { ok: false, status: 'error', detail: 'Could not talk to Tally.' },
    });
    assert.equal((await office('GET', `/accounts/${account.id}/book`)).body.account.unpushed, some.length);
    const [listed] = (await api(token, 'GET', '/tally/pushes')).body.pushes;
    assert.equal(listed.source, 'office');
    assert.equal(listed.state, 'not_done');
    assert.equal(listed.parts_answered, 1);

    const again = await api(token, 'POST', `/tally/pushes/${listed.id}/again`, {});
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.vouchers, some.length);
    // Not marked until Tally answers.
    assert.equal((await office('GET', `/accounts/${account.id}/book`)).body.account.unpushed, some.length);
    await pushExport(h, token, tally.emulator, again.body.xml_id, { parts: again.body.parts });
    assert.equal((await office('GET', `/accounts/${account.id}/book`)).body.account.unpushed, 0);
    assertBooksOnce(ids.slice(0, some.length));
  });
});
