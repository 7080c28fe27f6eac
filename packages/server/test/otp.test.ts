import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  FAILURE_MEMORY_MS,
  FIRST_DELAY_MS,
  FREE_ADDRESS_FAILURES,
  FREE_FAILURES,
  MAX_DELAY_MS,
  MAX_TRIES_PER_CODE,
  RESEND_WAIT_SECONDS,
  codeTryWait,
  failureDelayMs,
  checkCode,
  hashCode,
  issueCode,
  newCode,
  RESET_REQUEST_TTL_MS,
  claimSendSlot,
  purposeToResend,
  resendWait,
} from '../src/auth/otp.ts';
import { openDatabase, type Database } from '../src/db/index.ts';
import { otpCodes, users } from '../src/db/schema.ts';
import { HttpError } from '../src/errors.ts';
import { eq } from 'drizzle-orm';

const SECRET = 'otp-unit-secret-0123456789-abcdefghijk';
let database: Database;
before(async () => {
  database = await openDatabase({ pgliteDir: 'memory://' });
});
after(() => database.close());

let seq = 0;
async function newUser() {
  seq += 1;
  const [u] = await database.db
    .insert(users)
    .values({ name: 'U', email: `u${seq}@example.com`, phone: String(9_100_000_000 + seq) })
    .returning();
  return u;
}
const other = (code: string, k = 1) => String((Number(code) + k) % 10_000).padStart(4, '0');

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof HttpError) return err.status;
    throw err;
  }
}

test('codes have 4 digits and are stored only as a keyed hash', async () => {
  for (let i = 0; i < 50; i++) assert.match(newCode(), /^\d{4}$/);
  const u = await newUser();
  const code = await issueCode(database.db, SECRET, u.id, 'signup', new Date());
  const [row] = await database.db.select().from(otpCodes).where(eq(otpCodes.userId, u.id));
  assert.notEqual(row.codeHash, code);
  assert.equal(row.codeHash, hashCode(SECRET, u.id, code));
  assert.notEqual(hashCode(SECRET, u.id, code), hashCode('another-secret', u.id, code));
});

test('a code expires after 10 minutes (injected clock)', async () => {
  const u = await newUser();
  const t = new Date('2026-03-01T08:00:00Z');
  const code = await issueCode(database.db, SECRET, u.id, 'signup', t);
  const late = new Date(t.getTime() + 10 * 60_000);
  assert.equal(await status(checkCode(database.db, SECRET, u.id, code, late)), 400);
  const u2 = await newUser();
  const code2 = await issueCode(database.db, SECRET, u2.id, 'signup', t);
  const inTime = new Date(t.getTime() + 10 * 60_000 - 1000);
  assert.equal((await checkCode(database.db, SECRET, u2.id, code2, inTime)).purpose, 'signup');
  const [verified] = await database.db.select().from(users).where(eq(users.id, u2.id));
  assert.equal(verified.emailVerified, true);
});

test('five wrong tries kill a code; it is single use', async () => {
  const u = await newUser();
  const t = new Date();
  const code = await issueCode(database.db, SECRET, u.id, 'reset', t);
  for (let i = 1; i <= 5; i++)
    assert.equal(await status(checkCode(database.db, SECRET, u.id, other(code, i), t)), 400);
  assert.equal(await status(checkCode(database.db, SECRET, u.id, code, t)), 400);

  const u2 = await newUser();
  const code2 = await issueCode(database.db, SECRET, u2.id, 'reset', t);
  for (let i = 1; i <= 4; i++) await status(checkCode(database.db, SECRET, u2.id, other(code2, i), t));
  assert.equal(
    (await checkCode(database.db, SECRET, u2.id, code2, t)).purpose,
    'reset',
    'four wrong tries still leave it alive',
  );
  assert.equal(await status(checkCode(database.db, SECRET, u2.id, code2, t)), 400, 'spent');
});

test('resend waits 50 seconds and the newest code replaces the old', async () => {
  const u = await newUser();
  const t = new Date('2026-03-02T08:00:00Z');
  const first = await issueCode(database.db, SECRET, u.id, 'signup', t);
  assert.equal(await purposeToResend(database.db, u, t), 'signup');
  const at = (s: number) => new Date(t.getTime() + s * 1000);
  assert.equal(await resendWait(database.db, u.id, 'signup', at(1)), RESEND_WAIT_SECONDS - 1);
  assert.equal(await status(issueCode(database.db, SECRET, u.id, 'signup', at(49))), 429);
  const second = await issueCode(database.db, SECRET, u.id, 'signup', at(50));
  if (first !== second) assert.equal(await status(checkCode(database.db, SECRET, u.id, first, at(51))), 400);
  assert.equal((await checkCode(database.db, SECRET, u.id, second, at(52))).purpose, 'signup');
  assert.equal(await purposeToResend(database.db, { ...u, emailVerified: true }, at(53)), undefined);
});

test('the resend wait is per purpose: a reset right after a verified signup code is sent', async () => {
  const u = await newUser();
  const t = new Date('2026-03-05T08:00:00Z');
  const at = (s: number) => new Date(t.getTime() + s * 1000);
  const signup = await issueCode(database.db, SECRET, u.id, 'signup', t);
  assert.equal((await checkCode(database.db, SECRET, u.id, signup, at(5))).purpose, 'signup');
  assert.equal(await resendWait(database.db, u.id, 'reset', at(6)), 0);
  const reset = await issueCode(database.db, SECRET, u.id, 'reset', at(6));
  assert.equal(await resendWait(database.db, u.id, 'reset', at(16)), RESEND_WAIT_SECONDS - 10);
  assert.equal(await status(issueCode(database.db, SECRET, u.id, 'reset', at(16))), 429);
  assert.equal((await checkCode(database.db, SECRET, u.id, reset, at(20))).purpose, 'reset');
  // Once the reset code is used, Resend still sends reset codes while the request is recent.
  const verified = { ...u, emailVerified: true };
  assert.equal(await purposeToResend(database.db, { ...verified, resetRequestedAt: at(6) }, at(60)), 'reset');
  const stale = at(6 + RESET_REQUEST_TTL_MS / 1000);
  assert.equal(
    await purposeToResend(database.db, { ...verified, resetRequestedAt: at(6) }, stale),
    undefined,
  );
  assert.equal(
    await purposeToResend(database.db, { ...verified, resetRequestedAt: null }, at(60)),
    undefined,
  );
});

test('the send slot of an address: one claim per 50 s, known or not, whatever the case', async () => {
  const t = new Date('2026-03-06T08:00:00Z');
  const at = (s: number) => new Date(t.getTime() + s * 1000);
  assert.equal(await claimSendSlot(database.db, 'slot@example.com', t), 0);
  assert.equal(await claimSendSlot(database.db, 'Slot@Example.com', at(20)), 30);
  assert.equal(await claimSendSlot(database.db, 'slot@example.com', at(49.5)), 1);
  assert.equal(await claimSendSlot(database.db, 'other@example.com', at(20)), 0);
  assert.equal(await claimSendSlot(database.db, 'slot@example.com', at(50)), 0);
  const racing = await Promise.all([1, 2, 3].map(() => claimSendSlot(database.db, 'race@example.com', t)));
  assert.equal(racing.filter((w) => w === 0).length, 1);
});

test('wrong codes of an account bring growing delays, not a day-long lock; the right code ends them', async () => {
  const u = await newUser();
  const t0 = new Date('2026-03-03T09:00:00Z');
  let now = t0.getTime();
  const at = () => new Date(now);
  let code = '';
  // Five free failures on the first code (it dies), one more on a fresh code: no wait yet.
  for (let i = 0; i <= FREE_FAILURES; i++) {
    if (i % MAX_TRIES_PER_CODE === 0) {
      now += RESEND_WAIT_SECONDS * 1000;
      code = await issueCode(database.db, SECRET, u.id, 'signup', at());
    }
    assert.equal(await status(checkCode(database.db, SECRET, u.id, other(code, 1 + i), at())), 400);
  }
  // Now each try waits: 10 s, then 20 s, 40 s ... at most an hour.
  assert.equal(await codeTryWait(database.db, u.id, at()), FIRST_DELAY_MS / 1000);
  assert.equal(
    await status(checkCode(database.db, SECRET, u.id, code, at())),
    429,
    'even the right code waits',
  );
  now += FIRST_DELAY_MS;
  assert.equal(await status(checkCode(database.db, SECRET, u.id, other(code, 3), at())), 400);
  assert.equal(await codeTryWait(database.db, u.id, at()), (2 * FIRST_DELAY_MS) / 1000);
  assert.equal(failureDelayMs(100), MAX_DELAY_MS);
  // The owner's fresh code works once the (short) wait is over, and clears the count.
  now += RESEND_WAIT_SECONDS * 1000; // longer than the 20 s wait
  const fresh = await issueCode(database.db, SECRET, u.id, 'signup', at());
  assert.equal((await checkCode(database.db, SECRET, u.id, fresh, at())).purpose, 'signup');
  assert.equal(await codeTryWait(database.db, u.id, at()), 0);
});

test('failures are forgotten after a day without one', async () => {
  const u = await newUser();
  const t = new Date('2026-03-07T09:00:00Z');
  const code = await issueCode(database.db, SECRET, u.id, 'signup', t);
  for (let i = 0; i < 5; i++) await status(checkCode(database.db, SECRET, u.id, other(code, 1 + i), t));
  const c2 = await issueCode(database.db, SECRET, u.id, 'signup', new Date(t.getTime() + 60_000));
  await status(checkCode(database.db, SECRET, u.id, other(c2), new Date(t.getTime() + 60_000)));
  assert.ok((await codeTryWait(database.db, u.id, new Date(t.getTime() + 61_000))) > 0);
  assert.equal(await codeTryWait(database.db, u.id, new Date(t.getTime() + 60_000 + FAILURE_MEMORY_MS)), 0);
});

test('wrong codes sent together: only the free tries and one more are checked, per account and per address', async () => {
  // Issue 33: the delay was read before the failures were counted, so tries sent at once all passed it.
  const t = new Date('2026-03-08T09:00:00Z');
  const u = await newUser();
  const code = await issueCode(database.db, SECRET, u.id, 'signup', t);
  const one = await Promise.all(
    Array.from({ length: 30 }, (_, i) => status(checkCode(database.db, SECRET, u.id, other(code, 1 + i), t))),
  );
  assert.equal(one.filter((s) => s === 400).length, FREE_FAILURES + 1, one.join(' '));
  assert.equal(one.filter((s) => s === 429).length, 30 - FREE_FAILURES - 1);

  // ten accounts guessed from one address at once: the address's free failures and one more
  const many = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const v = await newUser();
      const c = await issueCode(database.db, SECRET, v.id, 'signup', t);
      return Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          status(checkCode(database.db, SECRET, v.id, other(c, 1 + i), t, '203.0.113.9')),
        ),
      );
    }),
  );
  const checked = many.flat().filter((s) => s === 400).length;
  assert.equal(checked, FREE_ADDRESS_FAILURES + 1, many.flat().join(' '));

  // a right code gives its try back to the address: it does not bring the address nearer its delay
  const later = new Date(t.getTime() + 2 * FAILURE_MEMORY_MS);
  const ip = '198.51.100.7';
  const w = await newUser();
  const right = await issueCode(database.db, SECRET, w.id, 'signup', later);
  assert.equal((await checkCode(database.db, SECRET, w.id, right, later, ip)).purpose, 'signup');
  const wrongOnce = async (tries: number) => {
    const v = await newUser();
    const c = await issueCode(database.db, SECRET, v.id, 'signup', later);
    const out = [];
    for (let i = 0; i < tries; i++)
      out.push(await status(checkCode(database.db, SECRET, v.id, other(c, 1 + i), later, ip)));
    return out;
  };
  for (let k = 0; k < FREE_ADDRESS_FAILURES / 5; k++)
    assert.deepEqual(await wrongOnce(5), [400, 400, 400, 400, 400]);
  assert.deepEqual(
    await wrongOnce(1),
    [400],
    'the twenty-first failure is still free of a wait: the right code was not counted',
  );
});
