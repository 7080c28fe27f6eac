import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { TALLY_PART_VOUCHERS } from '@bahi/contract';
import {
  el,
  importXml,
  leaf,
  readImportXml,
  startBridge,
  startTallyEmulator,
  type RunningEmulator,
} from '@bahi/tally';
import { call, startApp, upload } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';

// Issue 12's "done": a bookkeeper connects the bridge, Bahi keeps the company's ledgers, a
// statement pushed twice (in parts, issue 19) is in the books once, reconciled, and nothing the
// company had is changed. The real app on a port, the real bridge, the Tally emulator.

const COMPANY = 'Sharma & Sons (2025-26)';
const MASTERS_FILE = new URL('../../tally/test/tally-exports/masters-export.xml', import.meta.url);

let h: Awaited<ReturnType<typeof startApp>>;
let origin: string;
let tally: RunningEmulator;
let bridge: Awaited<ReturnType<typeof startBridge>>;

/** A signed-in member's token (no pages: nothing here spends any). */
const member = async () => (await makeMember(h, 0)).token;

before(async () => {
  h = await startApp();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  tally = await startTallyEmulator({
    port: 0,
    companies: [{ name: COMPANY, state: 'Uttar Pradesh', gstin: '09AAACS1234K1Z2', booksFrom: '2025-04-01' }],
    version: 'TallyPrime 4.1',
  });
  bridge = await startBridge({ port: 0, origins: [origin], tallyPort: tally.port });
});
after(async () => {
  await bridge?.close();
  await tally?.close();
  await h?.close();
});

/** The company's own masters before Bahi: a bank ledger under Bank OD A/c, Rent, a 2.x-worded CGST. */
function seedCompany() {
  tally.emulator.reset();
  const { outcome } = tally.emulator.importXml(
    importXml({
      report: 'All Masters',
      company: COMPANY,
      objects: [
        el('LEDGER', { NAME: 'HDFC OD 5020' }, [leaf('PARENT', 'Bank OD A/c')]),
        el('LEDGER', { NAME: 'Rent' }, [leaf('PARENT', 'Indirect Expenses')]),
        el('LEDGER', { NAME: 'Kumar Stores' }, [
          leaf('PARENT', 'Sundry Debtors'),
          leaf('PARTYGSTIN', '10ABCPK1234M1Z9'),
          leaf('LEDSTATENAME', 'Bihar'),
          leaf('GSTREGISTRATIONTYPE', 'Composition'),
        ]),
        el('LEDGER', { NAME: 'CGST' }, [
          leaf('PARENT', 'Duties & Taxes'),
          // The word a TallyPrime 4.1 company keeps (3.0+ writes CGST, TallyConnector #27).
          leaf('GSTDUTYHEAD', 'CGST'),
        ]),
      ],
    }),
  );
  assert.equal(outcome.errors, 0);
}

const bridgePost = (path: string, body: unknown) =>
  fetch(`${bridge.url}${path}`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** One part of an export pushed through the bridge, as the web app asks for it; the bridge's answer. */
const pushPart = async (exportId: string, token: string, part: number) =>
  (
    await bridgePost('/push', {
      local_ip: '127.0.0.1',
      export_id: exportId,
      api_base: `${origin}/api`,
      token,
      part,
    })
  ).json();

/** 1,200 statement rows (April to December): every third to Rent, the others to a ledger the company lacks. */
const rows = Array.from({ length: 1200 }, (_, i) => ({
  Date: `${String((i % 28) + 1).padStart(2, '0')}-${String((i % 9) + 4).padStart(2, '0')}-2025`,
  Description: `NEFT-PARTY ${i}-UTR ${100000 + i}`,
  Withdrawal: i % 2 ? `${1000 + i}.00` : '',
  Deposit: i % 2 ? '' : `${2000 + i}.50`,
  ClosingBalance: '',
  LedgerName: i % 3 === 0 ? 'Rent' : 'Sales Receipts',
}));

/** The groups of the ledgers the company may lack (issue 31: never Suspense A/c unless asked). */
const GROUPS = { Rent: 'Indirect Expenses', 'Sales Receipts': 'Indirect Incomes' };

test('the company read through the bridge is kept per user, and a push in parts books each row once, and sending again sends nothing', async () => {
  seedCompany();
  const token = await member();
  const stranger = await member();

  // Read the company through the bridge, keep it in Bahi.
  const read = await bridgePost('/company', { local_ip: '127.0.0.1', company: COMPANY });
  assert.equal(read.status, 200);
  const snapshot = (await read.json()) as Record<string, unknown>;
  const kept = await call(h.app, 'PUT', '/api/tally/company', { token, json: snapshot });
  assert.equal(kept.status, 200, JSON.stringify(kept.body));
  const got = await call(h.app, 'GET', '/api/tally/company', { token });
  assert.equal(got.body.company.name, COMPANY);
  assert.equal(got.body.company.state, 'Uttar Pradesh');
  assert.equal(got.body.company.version, 'TallyPrime 4.1');
  assert.ok(got.body.ledgers.some((l: { name: string; parent: string }) => l.name === 'HDFC OD 5020'));
  // A party ledger comes with its GST registration, for invoices made out to it.
  assert.deepEqual(
    got.body.ledgers.find((l: { name: string }) => l.name === 'Kumar Stores'),
    {
      name: 'Kumar Stores',
      parent: 'Sundry Debtors',
      gstin: '10ABCPK1234M1Z9',
      state: 'Bihar',
      registrationType: 'Composition',
    },
  );
  // Another user has read no company: 200 with null, not a failure.
  const none = await call(h.app, 'GET', '/api/tally/company', { token: stranger });
  assert.equal(none.status, 200);
  assert.equal(none.body, null);

  // Send: the XML declares only what the company lacks.
  const sent = await call(h.app, 'POST', '/api/tally/send-to-tally?xml=none', {
    token,
    json: { transactions: rows, ledger_name: 'HDFC OD 5020', company_name: COMPANY, ledger_groups: GROUPS },
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.body));
  assert.equal(sent.body.xml, '');
  assert.equal(sent.body.vouchers, 1200);
  const parts = Math.ceil(1200 / TALLY_PART_VOUCHERS);
  assert.equal(sent.body.parts, parts);
  const first = await call(h.app, 'GET', `/api/tally/exports/${sent.body.xml_id}?part=0`, { token });
  assert.equal(first.body.parts, parts);
  const declared = readImportXml(first.body.xml).objects.flatMap((o) =>
    o.kind === 'LEDGER' ? [o.name] : [],
  );
  assert.deepEqual(declared, ['Sales Receipts']);
  assert.equal(
    (await call(h.app, 'GET', `/api/tally/exports/${sent.body.xml_id}?part=${parts}`, { token })).status,
    404,
  );

  // Push every part through the bridge, which reports each answer to Bahi.
  for (let part = 0; part < parts; part++) {
    const answer = (await pushPart(sent.body.xml_id, token, part)) as { status: string };
    assert.equal(answer.status, 'success', JSON.stringify(answer).slice(0, 500));
  }
  // Sending the same rows again: Bahi's record of Tally's answers says every one is in (issue 31).
  const again = await call(h.app, 'POST', '/api/tally/send-to-tally?xml=none', {
    token,
    json: { transactions: rows, ledger_name: 'HDFC OD 5020', company_name: COMPANY, ledger_groups: GROUPS },
  });
  assert.equal(again.status, 409, JSON.stringify(again.body));
  assert.match(
    again.body.detail,
    /all 1200 voucher\(s\) went to Tally before \(Left out 1200 already sent to Tally\.\)/,
  );
  const books = tally.emulator.imported().companies[0];
  assert.equal(books.vouchers.length, 1200);
  assert.equal(new Set(books.vouchers.map((v) => v.remoteId)).size, 1200);
  // Not reconciled by Bahi: no bank leg carries a banker's date (issue 31).
  const bankLegs = books.vouchers.flatMap((v) => v.legs.filter((l) => l.ledger === 'HDFC OD 5020'));
  assert.equal(bankLegs.length, 1200);
  assert.ok(bankLegs.every((l) => !l.bankersDate));
  // Nothing the company had changed.
  const ledger = (name: string) => books.ledgers.find((l) => l.name === name);
  assert.equal(ledger('HDFC OD 5020')?.parent, 'Bank OD A/c');
  assert.equal(ledger('Rent')?.parent, 'Indirect Expenses');
  assert.equal((ledger('CGST') as { gstDutyHead?: string })?.gstDutyHead, 'CGST');

  // History keeps each part's answer; the export is a success once every part is in.
  const stored = await call(h.app, 'GET', `/api/tally/exports/${sent.body.xml_id}`, { token });
  assert.equal(stored.body.tally_response.status, 'success');
  assert.equal(stored.body.tally_response.parts.length, parts);
  assert.deepEqual(
    stored.body.tally_response.parts.map((p: { vouchers: number }) => p.vouchers),
    [500, 500, 200],
  );
});

test('a part Tally refuses is reported as that part, with Tally’s words', async () => {
  seedCompany();
  const token = await member();
  // No company kept for this user: the XML declares every ledger; this part fails on a date before the books.
  const early = rows.slice(0, 600).map((r, i) => (i === 550 ? { ...r, Date: '15-03-2025' } : r));
  const sent = await call(h.app, 'POST', '/api/tally/send-to-tally?xml=none', {
    token,
    json: { transactions: early, ledger_name: 'HDFC OD 5020', company_name: COMPANY, ledger_groups: GROUPS },
  });
  const answers = [];
  for (let part = 0; part < 2; part++) {
    answers.push((await pushPart(sent.body.xml_id, token, part)) as { status: string });
  }
  assert.deepEqual(
    answers.map((a) => a.status),
    ['success', 'error'],
  );
  const stored = await call(h.app, 'GET', `/api/tally/exports/${sent.body.xml_id}`, { token });
  assert.equal(stored.body.tally_response.status, 'error');
  const failed = stored.body.tally_response.parts[1];
  assert.equal(failed.ok, false);
  assert.match(failed.problems.join(' '), /before the Books Beginning From date 2025-04-01/);
  // The company's masters still as they were: create-only masters met "already exists".
  assert.equal(
    tally.emulator.imported().companies[0].ledgers.find((l) => l.name === 'HDFC OD 5020')?.parent,
    'Bank OD A/c',
  );
});

test('without a bridge: a TallyPrime masters export file loads the same lists', async () => {
  const token = await member();
  const bytes = readFileSync(MASTERS_FILE);
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(bytes.toString('utf8'), 'utf16le')]);
  const res = await upload(h.app, '/api/tally/company/file', {
    token,
    bytes: utf16,
    name: 'Master.xml',
    fields: { state: 'Uttar Pradesh' },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.company.name, 'Sharma & Sons (2025-26)');
  assert.equal(res.body.company.state, 'Uttar Pradesh');
  assert.equal(res.body.source, 'file');
  const got = await call(
    h.app,
    'GET',
    `/api/tally/company?name=${encodeURIComponent('sharma & sons (2025-26)')}`,
    {
      token,
    },
  );
  assert.deepEqual(
    got.body.ledgers.map((l: { name: string }) => l.name),
    ['HDFC Bank OD 50200012345678', 'CGST', 'गुप्ता ट्रेडर्स', 'Cash'],
  );
  const bad = await upload(h.app, '/api/tally/company/file', {
    token,
    bytes: Buffer.from('not xml'),
    name: 'x.xml',
  });
  assert.equal(bad.status, 422);
});
