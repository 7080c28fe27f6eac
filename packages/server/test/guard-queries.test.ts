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
    // (the health route's database probe, on its own timer, is not the call's)
    if (sql !== 'select 1') seen.push(sql);
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

// Issue 38: the balance route (`GET /api/auth/check/pages`, what the app polls for the pages left
// and a renewed token) read the account again and looked up the person's office twice after the
// guard: four queries, each a hand-off to the database's thread. The guard reads the balance the
// person spends (the office's, for a member) with the account, and the route answers from it.
test('the balance route answers from the guard’s one query, a member shown the office’s pages', async () => {
  const { officeMembers } = await import('../src/office/team-tables.ts');
  const owner = await member(h, { pages: 40 });
  const accountant = await member(h, { pages: 3 });
  await h.database.db
    .insert(officeMembers)
    .values({ userId: accountant.id, officeId: owner.id, role: 'accountant' });
  for (const [who, pages] of [
    [owner, 40],
    [accountant, 40],
  ] as const) {
    const headers = { authorization: `Bearer ${await who.token()}` };
    let res: Awaited<ReturnType<typeof h.app.inject>> | undefined;
    const run = await statementsDuring(async () => {
      res = await h.app.inject({ method: 'GET', url: '/api/auth/check/pages', headers });
    });
    assert.equal(res!.statusCode, 200, res!.body);
    const body = res!.json() as { page_left: number; access_token: string };
    assert.equal(body.page_left, pages);
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1]!, 'base64url').toString());
    assert.equal(claims.page_left, pages, 'the renewed token carries the same balance');
    assert.equal(run.length, 1, run.join('\n'));
  }
});

// Issue 37 (decision 052 round nineteen): a read takes the guard's answer from memory when it is
// under a second old, and everything that ends a session or a membership forgets it at once.
const guardSql = (run: string[]) => run.filter((sql) => sql.includes('"revoked_sessions"'));
const jobsOf = (token: string) =>
  h.app.inject({
    method: 'GET',
    url: '/api/office/jobs?inbox=1',
    headers: { authorization: `Bearer ${token}` },
  });

test('a read within a second of the last one asks the database nothing to check its token', async () => {
  const u = await member(h);
  const token = await u.token();
  const first = await statementsDuring(async () => assert.equal((await jobsOf(token)).statusCode, 200));
  assert.equal(guardSql(first).length, 1, first.join('\n'));
  const second = await statementsDuring(async () => assert.equal((await jobsOf(token)).statusCode, 200));
  assert.equal(guardSql(second).length, 0, second.join('\n'));
  assert.equal(second.length, first.length - 1, 'the route’s own queries are unchanged');
});

test('a sign-out counts on the very next read', async () => {
  const u = await member(h);
  const token = await u.token();
  assert.equal((await jobsOf(token)).statusCode, 200);
  const out = await h.app.inject({
    method: 'POST',
    url: '/api/auth/logout',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(out.statusCode, 200, out.body);
  assert.equal((await jobsOf(token)).statusCode, 401, 'the session signed out a moment ago');
});

test('a member removed is refused on their very next read', async () => {
  const { officeMembers } = await import('../src/office/team-tables.ts');
  const owner = await member(h);
  const accountant = await member(h);
  await h.database.db
    .insert(officeMembers)
    .values({ userId: accountant.id, officeId: owner.id, role: 'accountant' });
  const token = await accountant.token();
  assert.equal((await jobsOf(token)).statusCode, 200);
  h.clock.advance(1000);
  const removed = await h.app.inject({
    method: 'DELETE',
    url: `/api/office/team/members/${accountant.id}`,
    headers: { authorization: `Bearer ${await owner.token()}` },
  });
  assert.equal(removed.statusCode, 200, removed.body);
  assert.equal((await jobsOf(token)).statusCode, 401, 'removed a moment ago');
});
