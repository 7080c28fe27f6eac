// A signed-in call checks its token against the database in one query (issue 37): the account,
// whether the session was signed out, and its last use. Every call of the office's screens runs
// this guard; its three round trips were a fifth of the embedded database's time under the
// 20-user load, and each held the server's one thread while PGlite ran it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startApp } from './helpers/harness.ts';
import { member } from './helpers/security.ts';

let h: Awaited<ReturnType<typeof startApp>>;
before(async () => {
  h = await startApp({});
});
after(async () => h.close());

/** The statements the embedded database ran during `work`. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const pglite = h.database.pglite!;
  const query = pglite.query.bind(pglite);
  const seen: string[] = [];
  pglite.query = ((sql: string, ...rest: unknown[]) => {
    seen.push(sql);
    return (query as (...a: unknown[]) => unknown)(sql, ...rest);
  }) as typeof pglite.query;
  try {
    await work();
  } finally {
    pglite.query = query;
  }
  return seen;
}

test('a signed-in call runs one query to check its token and session', async () => {
  const u = await member(h);
  const headers = { authorization: `Bearer ${await u.token()}` };
  const res = await h.app.inject({ method: 'GET', url: '/api/test/admin-only', headers });
  assert.equal(res.statusCode, 403, 'a member, not an admin: the guard ran and read the account');
  const run = await statementsDuring(() =>
    h.app.inject({ method: 'GET', url: '/api/test/admin-only', headers }),
  );
  assert.equal(run.length, 1, run.join('\n'));
});
