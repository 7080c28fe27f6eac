// `bahi admin grant EMAIL` run as the operator runs it: a separate Node 24 process on
// packages/cli/src/main.ts, against a data directory where the app itself created the account.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import { buildApp, loadConfig, openDatabase, users } from '@bahi/server';
import { bahiWith } from './run.ts';

const EMAIL = 'Kavya.Admin@Example.com';

let dataDir: string;

/** `bahi ARGS` with only BAHI_DATA_DIR (and PATH) in the environment. */
const bahi = (...args: string[]) =>
  bahiWith({ PATH: process.env.PATH, HOME: process.env.HOME, BAHI_DATA_DIR: dataDir }, ...args);

/** Opens the embedded database of `dataDir` (one process at a time), runs `work`, closes it. */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const roleOf = (email: string) =>
  withDatabase(async (db) => {
    const [u] = await db.select({ role: users.role }).from(users).where(eq(users.email, email.toLowerCase()));
    return u?.role;
  });

before(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bahi-cli-admin-'));
  // The account is made the way a user makes it: the signup call of the app.
  const config = loadConfig({ BAHI_DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  await withDatabase(async (db) => {
    const app = await buildApp(config, { db, dbKind: 'pglite', webDist: path.join(dataDir, 'no-web') });
    try {
      const r = await app.inject({
        method: 'POST',
        url: '/api/auth/signUp',
        payload: { name: 'Kavya', email: EMAIL, phone: '9123456780', password: 'kavya-secret-pw' },
      });
      assert.equal(r.statusCode, 200, r.body);
      const [u] = await db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.email, EMAIL.toLowerCase()));
      assert.equal(u.role, 'user', 'a new account is no admin');
    } finally {
      await app.close();
    }
  });
});
after(() => rmSync(dataDir, { recursive: true, force: true }));

test('grant makes the account an admin: exit 0, one line on stdout, nothing on stderr', async () => {
  const r = await bahi('admin', 'grant', EMAIL);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, 'kavya.admin@example.com is now an admin\n');
  assert.equal(r.stderr, '');
  assert.equal(await roleOf(EMAIL), 'admin');
});

test('an unknown e-mail: exit 1, one line on stderr', async () => {
  const r = await bahi('admin', 'grant', 'nobody@example.com');
  assert.equal(r.code, 1);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr.split('\n').filter(Boolean).length, 1, r.stderr);
  assert.match(r.stderr, /^bahi admin: .*nobody@example\.com/);
});

test('a wrong action or a missing e-mail is a usage error (exit 1, one line)', async () => {
  for (const args of [
    ['admin', 'revoke', EMAIL],
    ['admin', 'grant'],
  ]) {
    const r = await bahi(...args);
    assert.equal(r.code, 1, args.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.split('\n').filter(Boolean).length, 1, r.stderr);
    assert.match(r.stderr, /^bahi admin: /);
  }
});
