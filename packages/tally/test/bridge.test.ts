import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  buildBankVouchersXml,
  isOfficeAddress,
  startBridge,
  startTallyEmulator,
  type RunningEmulator,
} from '../src/index.ts';

const ORIGIN = 'http://localhost:8080';
let tally: RunningEmulator;
let bridge: Awaited<ReturnType<typeof startBridge>>;
const logs: string[] = [];

before(async () => {
  tally = await startTallyEmulator({ companies: ['Demo & Co'] });
  bridge = await startBridge({
    port: 0,
    origins: [ORIGIN],
    tallyPort: tally.port,
    maxBodyBytes: 200_000,
    log: (l) => logs.push(l),
  });
});
after(async () => {
  await bridge.close();
  await tally.close();
});

const secret = 'SECRET-NARRATION-42';
const xml = buildBankVouchersXml({
  bankLedger: 'HDFC A/c',
  company: 'Demo & Co',
  withMasters: true,
  transactions: [{ date: '2025-07-01', description: secret, withdrawal: 0, deposit: 12345 }],
});

test('health is readable by the web app’s origin', async () => {
  const res = await fetch(`${bridge.url}/health`, { headers: { Origin: ORIGIN } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('access-control-allow-origin'), ORIGIN);
  const body = (await res.json()) as { ok: boolean; name: string; version: string };
  assert.equal(body.ok, true);
  assert.equal(body.name, 'bahi-bridge');
  assert.ok(body.version);
});

test('preflight from the web app is answered, with Private Network Access', async () => {
  const res = await fetch(`${bridge.url}/push`, {
    method: 'OPTIONS',
    headers: {
      Origin: ORIGIN,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Private-Network': 'true',
    },
  });
  assert.equal(res.status, 204);
  assert.equal(res.headers.get('access-control-allow-origin'), ORIGIN);
  assert.equal(res.headers.get('access-control-allow-private-network'), 'true');
  assert.match(res.headers.get('access-control-allow-methods') ?? '', /POST/);
});

test('a foreign origin is refused, preflight and push alike, and nothing reaches Tally', async () => {
  tally.emulator.reset();
  const pre = await fetch(`${bridge.url}/push`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://evil.example' },
  });
  assert.equal(pre.status, 403);
  assert.equal(pre.headers.get('access-control-allow-origin'), null);
  const push = await fetch(`${bridge.url}/push`, {
    method: 'POST',
    headers: { Origin: 'https://evil.example', 'Content-Type': 'text/plain' },
    body: JSON.stringify({ phone: '9999999999', local_ip: '127.0.0.1', xml }),
  });
  assert.equal(push.status, 403);
  assert.equal(tally.emulator.imported().requests, 0);
});

test('push: bridge -> Tally emulator end to end', async () => {
  tally.emulator.reset();
  const res = await fetch(`${bridge.url}/push`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: '9999999999', local_ip: '127.0.0.1', xml }),
  });
  assert.equal(res.status, 200);
  const body = (await res.json()) as {
    ok: boolean;
    status: string;
    tally_response: { created: number; raw: string };
  };
  assert.equal(body.ok, true);
  assert.equal(body.status, 'success');
  assert.equal(body.tally_response.created, 3);
  assert.match(body.tally_response.raw, /<CREATED>3<\/CREATED>/);
  assert.equal(tally.emulator.imported().companies[0].vouchers[0].narration, secret);
  assert.ok(logs.length > 0 && logs.every((l) => !l.includes(secret)), 'the XML is never logged');
});

test('Tally refusing something is status error with Tally’s words', async () => {
  const bad = xml.replace('Demo &amp; Co', 'Nope');
  const res = await fetch(`${bridge.url}/push`, {
    method: 'POST',
    headers: { Origin: ORIGIN },
    body: JSON.stringify({ phone: '1', local_ip: '127.0.0.1', xml: bad }),
  });
  const body = (await res.json()) as {
    ok: boolean;
    status: string;
    tally_response: { lineErrors: string[] };
  };
  assert.equal(body.status, 'error');
  assert.deepEqual(body.tally_response.lineErrors, ["Could not set 'SVCurrentCompany' to 'Nope'"]);
});

test('bad requests: public IP, missing xml, too large, Tally not running', async () => {
  const post = (b: unknown) =>
    fetch(`${bridge.url}/push`, {
      method: 'POST',
      headers: { Origin: ORIGIN },
      body: typeof b === 'string' ? b : JSON.stringify(b),
    });
  assert.equal((await post({ local_ip: '8.8.8.8', xml })).status, 400);
  assert.equal((await post({ local_ip: '127.0.0.1' })).status, 400);
  assert.equal((await post('{not json')).status, 400);
  assert.equal((await post({ local_ip: '127.0.0.1', xml: 'x'.repeat(300_000) })).status, 413);
  const idle = await startBridge({ port: 0, origins: [ORIGIN], tallyPort: 1 });
  const down = await fetch(`${idle.url}/push`, {
    method: 'POST',
    headers: { Origin: ORIGIN },
    body: JSON.stringify({ local_ip: '127.0.0.1', xml }),
  });
  await idle.close();
  assert.equal(down.status, 502);
  const body = (await down.json()) as { status: string; detail: string };
  assert.equal(body.status, 'error');
  assert.match(body.detail, /Could not connect to Tally/);
});

test('office addresses only', () => {
  for (const ip of ['127.0.0.1', '192.168.1.20', '10.0.0.5', '172.16.3.4'])
    assert.equal(isOfficeAddress(ip), true, ip);
  for (const ip of ['8.8.8.8', '172.32.0.1', 'example.com', '::1', '', '169.254.169.254', '169.254.10.20'])
    assert.equal(isOfficeAddress(ip), false, ip);
});

test('a link-local address is refused as an office Tally, without connecting anywhere', async () => {
  const res = await fetch(`${bridge.url}/push`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: ORIGIN },
    body: JSON.stringify({ local_ip: '169.254.169.254', xml }),
  });
  assert.equal(res.status, 400);
  assert.match(((await res.json()) as { detail: string }).detail, /office network/);
});

test('a request for another host name (DNS rebinding) is refused', async () => {
  const { request } = await import('node:http');
  const port = Number(new URL(bridge.url).port);
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/health', headers: { Host: `attacker.example:${port}` } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
  assert.equal(status, 421);
  const ok = await fetch(`${bridge.url}/health`);
  assert.equal(ok.status, 200, 'its own name still answers');
});

test('POST /held reads what the company holds on the bank ledger in the period (issue 31)', async () => {
  tally.emulator.reset();
  await fetch(`${bridge.url}/push`, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ local_ip: '127.0.0.1', xml }),
  });
  const post = (body: unknown) =>
    fetch(`${bridge.url}/held`, {
      method: 'POST',
      headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const res = await post({
    local_ip: '127.0.0.1',
    company: 'Demo & Co',
    ledger: 'HDFC A/c',
    from: '2025-07-01',
    to: '2025-07-31',
  });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    ok: true,
    movements: [{ date: '2025-07-01', side: 'deposit', paise: 12345 }],
  });
  assert.equal((await post({ local_ip: '127.0.0.1', ledger: 'HDFC A/c', from: '1-7-25' })).status, 400);
  assert.equal(
    (await post({ local_ip: '8.8.8.8', ledger: 'x', from: '2025-07-01', to: '2025-07-02' })).status,
    400,
  );
});
