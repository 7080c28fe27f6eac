// Issue 33: "a NUL in any field reaches no log and no 500", over the whole route table as buildApp
// makes it (security-round-two covers a NUL in a statement's cells, a file name, a JSON field and
// a query on one route each). A route added later is walked too.
import assert from 'node:assert/strict';
import { createHmac, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { randomIp, startApp } from './helpers/harness.ts';
import {
  fakeWebDist,
  keyOf,
  member,
  recordRoutes,
  uniqueRoutes,
  type Harness,
  type Route,
} from './helpers/security.ts';

const WEBHOOK_SECRET = 'rzp-webhook-secret-nul-0123456789';
/** a NUL as pino writes it into a JSON log line */
const LOGGED_NUL = /\\u0000/;
const recorder = recordRoutes();

/** Every path parameter of `url` given a NUL (percent-encoded, as a browser sends it). */
const withNulParams = (url: string) =>
  url.replace(/:[A-Za-z_]+/g, `a%00${randomUUID().slice(0, 8)}`).replace(/\*$/, 'index%00.html');

/** A JSON body whose likely fields (and one key) all hold a NUL. */
const NUL_BODY = {
  name: 'Sharma\u0000 Traders',
  email: 'a\u0000@example.com',
  password: 'pass\u0000word-1',
  id: `\u0000${randomUUID()}`,
  rule_set_name: 'r\u0000',
  company_name: 'Co\u0000',
  rows: [{ description: 'UPI\u0000/x', ledger: 'Sus\u0000pense' }],
  'k\u0000ey': 'v\u0000',
};

/** A multipart body: a file named with a NUL, and form fields holding one. */
function nulMultipart(): { headers: Record<string, string>; payload: Buffer } {
  const boundary = `----bahi${randomUUID()}`;
  const part = (head: string, body: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; ${head}\r\n\r\n${body}\r\n`;
  const payload = Buffer.from(
    part('name="file"; filename="apr\u0000il.csv"', 'Date,Narration,Amount\r\n01/04/2024,UPI\u0000X,10') +
      ['password', 'company_name', 'client_id', 'bank', 'name']
        .map((f) => part(`name="${f}"`, `x\u0000y`))
        .join('') +
      `--${boundary}--\r\n`,
    'utf8',
  );
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}

describe('security: a NUL in any field', () => {
  let h: Harness;
  let routes: Route[];
  const webDist = fakeWebDist();

  before(async () => {
    try {
      h = await startApp({ deps: { webDist }, env: { RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET } });
    } finally {
      recorder.stop();
    }
    routes = uniqueRoutes(recorder.routes).filter((r) => r.method !== 'HEAD');
  });
  after(async () => {
    await h?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  /** Calls as an admin (every guard passes), fresh per call; the answer and the log lines it wrote. */
  async function asAdmin(
    route: Route,
    url: string,
    body?: { headers: Record<string, string>; payload: string | Buffer },
  ) {
    const boss = await member(h, { role: 'admin' });
    h.clock.advance(1);
    const from = h.logs.length;
    const res = await h.app.inject({
      method: route.method as 'GET',
      url,
      headers: { authorization: `Bearer ${await boss.token()}`, ...body?.headers },
      payload: body?.payload,
      remoteAddress: randomIp(),
    });
    return { res, logs: h.logs.slice(from).join('') };
  }

  test('in a path parameter, a query, a JSON body or a form: never a 500, never in a log line', async () => {
    const what: string[] = [];
    for (const route of routes) {
      const hasParams = /:[A-Za-z_]|\*$/.test(route.url);
      const query = '?name=a%00b&id=a%00b&q=a%00b&offset=1%00&part=1%00&client_id=a%00b&month=2024-04%00';
      const write = !['GET', 'DELETE'].includes(route.method);
      const tries: [string, string, Parameters<typeof asAdmin>[2]][] = [
        [
          'query',
          route.url.replace(/:bank\b/, 'hdfc').replace(/:[A-Za-z_]+/g, randomUUID()) + query,
          undefined,
        ],
      ];
      if (hasParams) tries.push(['params', withNulParams(route.url), undefined]);
      if (write) {
        const url = route.url.replace(/:bank\b/, 'hdfc').replace(/:[A-Za-z_]+/g, randomUUID());
        tries.push([
          'json',
          url,
          { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(NUL_BODY) },
        ]);
        tries.push(['form', url, nulMultipart()]);
      }
      for (const [how, url, body] of tries) {
        const { res, logs } = await asAdmin(route, url, body);
        const label = `${keyOf(route)} (${how}): ${res.statusCode} ${res.body.slice(0, 160)}`;
        // (503 is the office queue not running on this test's server: a clear answer)
        if (res.statusCode >= 500 && res.statusCode !== 503) what.push(`500: ${label}`);
        if (LOGGED_NUL.test(logs)) what.push(`logged: ${label}: ${logs.slice(0, 300)}`);
        // a path naming a thing with a control character is refused as a bad address, not looked up
        if (how === 'params' && res.statusCode !== 400) what.push(`not 400: ${label}`);
        if (how === 'params') assert.match(res.body, /The address of this request is not valid\./, label);
      }
    }
    assert.deepEqual(what, []);
    assert.ok(routes.length > 50, `the walk saw ${routes.length} routes`);
  });

  test('in a signed payment webhook: no 500, nothing of it logged', async () => {
    const body = {
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_\u0000X', order_id: 'order_\u0000Y', amount: 100 } } },
    };
    const raw = JSON.stringify(body);
    const from = h.logs.length;
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
      },
      payload: raw,
    });
    assert.ok(res.statusCode < 500, `${res.statusCode} ${res.body}`);
    assert.doesNotMatch(h.logs.slice(from).join(''), LOGGED_NUL);
  });
});
