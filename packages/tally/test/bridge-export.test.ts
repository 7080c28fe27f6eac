import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, test } from 'node:test';
import { buildBankVouchersXml, startBridge, startTallyEmulator, type RunningEmulator } from '../src/index.ts';

// A fake Bahi API (one export, one user) in front of the real bridge and the Tally emulator.

const TOKEN = 'tok-SECRET-abc.def';
const EXPORT_ID = '0b6c3c1e-5d0f-4a57-9d56-3f1f3b0c9a11';
const secret = 'SECRET-NARRATION-77';
const xml = buildBankVouchersXml({
  bankLedger: 'HDFC A/c',
  company: 'Demo Co',
  withMasters: true,
  transactions: [{ date: '2025-07-02', description: secret, withdrawal: 5000, deposit: 0 }],
});

type Seen = { method: string; url: string; auth: string | undefined; body: string };
const seen: Seen[] = [];
let failReports = false;
let api: Server;
let origin: string;
let tally: RunningEmulator;
let bridge: Awaited<ReturnType<typeof startBridge>>;
const logs: string[] = [];

before(async () => {
  api = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit = {
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(hit);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const mine = hit.auth === `Bearer ${TOKEN}`;
      if (!mine) return send(404, { detail: 'No such export.' });
      if (hit.method === 'GET' && hit.url === `/api/tally/exports/${EXPORT_ID}`)
        return send(200, { id: EXPORT_ID, vouchers: 1, xml });
      if (hit.method === 'POST' && hit.url === `/api/tally/exports/${EXPORT_ID}/response`)
        return failReports ? send(500, { detail: 'down' }) : send(200, { ok: true });
      send(404, { detail: 'No such export.' });
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  tally = await startTallyEmulator({ companies: ['Demo Co'] });
  bridge = await startBridge({ port: 0, origins: [origin], tallyPort: tally.port, log: (l) => logs.push(l) });
});
after(async () => {
  await bridge.close();
  await tally.close();
  await new Promise<void>((r) => api.close(() => r()));
});
beforeEach(() => {
  seen.length = 0;
  failReports = false;
  tally.emulator.reset();
});

const push = (body: Record<string, unknown>) =>
  fetch(`${bridge.url}/push`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: '9999999999', local_ip: '127.0.0.1', ...body }),
  });

test('push by export id: fetched with the token, imported by Tally, the answer reported back', async () => {
  const res = await push({ export_id: EXPORT_ID, api_base: `${origin}/api`, token: TOKEN });
  assert.equal(res.status, 200);
  const body = (await res.json()) as { ok: boolean; status: string; tally_response: { created: number } };
  assert.equal(body.ok, true);
  assert.equal(body.status, 'success');
  assert.equal(body.tally_response.created, 3);
  assert.equal(tally.emulator.imported().companies[0].vouchers[0].narration, secret);

  assert.deepEqual(
    seen.map((s) => `${s.method} ${s.url} ${s.auth}`),
    [
      `GET /api/tally/exports/${EXPORT_ID} Bearer ${TOKEN}`,
      `POST /api/tally/exports/${EXPORT_ID}/response Bearer ${TOKEN}`,
    ],
  );
  const report = JSON.parse(seen[1].body) as {
    ok: boolean;
    status: string;
    tally_response: { created: number };
  };
  assert.equal(report.ok, true);
  assert.equal(report.status, 'success');
  assert.equal(report.tally_response.created, 3);
  assert.ok(logs.length > 0);
  assert.ok(
    logs.every((l) => !l.includes(TOKEN) && !l.includes(secret)),
    'neither the token nor the XML is logged',
  );
});

test('a failed report does not change the answer to the browser', async () => {
  failReports = true;
  const res = await push({ export_id: EXPORT_ID, api_base: `${origin}/api/`, token: TOKEN });
  assert.equal(res.status, 200);
  assert.equal(((await res.json()) as { status: string }).status, 'success');
  assert.equal(seen.length, 2);
  assert.equal(tally.emulator.imported().requests, 1);
});

test('someone else’s export: the API’s 404 is the answer and nothing reaches Tally', async () => {
  const res = await push({ export_id: EXPORT_ID, api_base: `${origin}/api`, token: 'someone-else' });
  assert.equal(res.status, 404);
  const body = (await res.json()) as { ok: boolean; status: string; detail: string };
  assert.equal(body.ok, false);
  assert.equal(body.status, 'error');
  assert.equal(body.detail, 'No such export.');
  assert.equal(tally.emulator.imported().requests, 0);
  assert.equal(seen.length, 1, 'no report for an export that could not be fetched');
});

test('api_base must be an allowed origin + /api; the token and a real id are required', async () => {
  const bad: Record<string, unknown>[] = [
    { export_id: EXPORT_ID, api_base: 'http://evil.example/api', token: TOKEN },
    { export_id: EXPORT_ID, api_base: `${origin}/elsewhere`, token: TOKEN },
    { export_id: EXPORT_ID, api_base: `${origin}/api/../x`, token: TOKEN },
    { export_id: EXPORT_ID, token: TOKEN },
    { export_id: EXPORT_ID, api_base: `${origin}/api` },
    { export_id: '../../admin', api_base: `${origin}/api`, token: TOKEN },
  ];
  for (const b of bad) {
    const res = await push(b);
    assert.equal(res.status, 400, JSON.stringify(b));
    assert.equal(((await res.json()) as { status: string }).status, 'error');
  }
  assert.equal(seen.length, 0, 'the bridge fetched nothing');
  assert.equal(tally.emulator.imported().requests, 0);
});

test('the XML itself still works, and wins over an export id sent along', async () => {
  const res = await push({ xml, export_id: EXPORT_ID });
  assert.equal(res.status, 200);
  assert.equal(((await res.json()) as { status: string }).status, 'success');
  assert.equal(seen.length, 0);
  assert.equal(tally.emulator.imported().requests, 1);
});
