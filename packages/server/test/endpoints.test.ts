// The contract lists every endpoint (@bahi/contract ENDPOINTS): the app serves exactly those, by
// the same method and path, and nothing else under /api (the API's root included).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ENDPOINTS } from '@bahi/contract';
import { buildApp, servedRoutes } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/index.ts';
import { testConfig } from './helpers/harness.ts';

let database: Database;
let served: string[];

before(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
  // test payments: the stand-in for Razorpay Checkout is served too
  const app = await buildApp(testConfig({ BAHI_PAYMENTS: 'test' }), {
    db: database.db,
    dbKind: database.kind,
  });
  await app.ready();
  served = (servedRoutes.get(app) ?? []).filter((r) => / \/api(\/|$)/.test(r));
  await app.close();
});

after(async () => database?.close());

test('the app serves every endpoint of the contract and nothing else under /api', () => {
  // Fastify names the API's root ('/' under the '/api' prefix) '/api'; it answers '/api/' too.
  const listed = Object.values(ENDPOINTS)
    .map((e) => `${e.method} /api${e.path}`.replace(/\/$/, ''))
    .sort();
  assert.deepEqual([...new Set(served)].sort(), listed);
});
