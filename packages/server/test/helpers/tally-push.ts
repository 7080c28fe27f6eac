// What `bahi bridge` does with a kept export, against an emulator in the test's process: fetch the
// export (or each part), post it to "Tally", and report Tally's parsed answer to Bahi exactly as the
// bridge reports it (tally/src/bridge.ts), so the server's record of what was sent is exercised.
import assert from 'node:assert/strict';
import { countImportObjects, parseTallyResponse, type TallyEmulator } from '@bahi/tally';
import { call, type startApp } from './harness.ts';

type Harness = Awaited<ReturnType<typeof startApp>>;

/** Pushes the export (every part, in order) into the emulator and reports each answer; the answers. */
export async function pushExport(
  h: Harness,
  token: string,
  emulator: TallyEmulator,
  exportId: string,
  opts: { parts?: number } = {},
) {
  const answers = [];
  for (let part = 0; part < (opts.parts ?? 1); part++) {
    const got = await call(h.app, 'GET', `/api/tally/exports/${exportId}?part=${part}`, { token });
    assert.equal(got.status, 200, JSON.stringify(got.body).slice(0, 300));
    const { xml } = emulator.importXml(got.body.xml);
    const result = parseTallyResponse(xml, countImportObjects(got.body.xml));
    const report = { ok: true, status: result.ok ? 'success' : 'error', tally_response: result };
    const kept = await call(h.app, 'POST', `/api/tally/exports/${exportId}/response?part=${part}`, {
      token,
      json: report,
    });
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    answers.push(result);
  }
  return answers;
}

/** The bridge could not reach Tally: what it reports (nothing reached Tally). */
export async function reportUnreachable(h: Harness, token: string, exportId: string, part = 0) {
  const kept = await call(h.app, 'POST', `/api/tally/exports/${exportId}/response?part=${part}`, {
    token,
    json: { ok: false, status: 'error', detail: 'Could not talk to Tally.' },
  });
  assert.equal(kept.status, 200, JSON.stringify(kept.body));
}

/** A client of the office with one bank account on `ledger`: the office API for the token, and both. */
export async function officeAccount(
  h: Harness,
  token: string,
  o: { name: string; company: string; bank: string; number: string; ledger: string },
) {
  const office = (method: 'GET' | 'POST', url: string, json?: unknown) =>
    call(h.app, method, `/api/office${url}`, { token, json });
  const client = (
    await office('POST', '/clients', { name: o.name, state_code: '27', tally_company: o.company })
  ).body;
  const added = await office('POST', `/clients/${client.id}/accounts`, {
    bank: o.bank,
    account_number: o.number,
    tally_ledger: o.ledger,
  });
  assert.equal(added.status, 200, JSON.stringify(added.body));
  return { office, client, account: added.body.account };
}
