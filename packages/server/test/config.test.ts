import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { ConfigError, ENV_VARS, loadConfig, SERVER_NODE_FLAGS, serverNodeFlags } from '../src/config.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'bahi-config-'));

test('defaults, and a JWT secret generated once, mode 0600, reused', () => {
  const dir = tmp();
  const a = loadConfig({ BAHI_DATA_DIR: dir });
  assert.equal(a.port, 8080);
  assert.equal(a.signupPages, 10);
  assert.equal(a.mailFrom, 'Bahi <no-reply@bahi.local>');
  assert.equal(a.payments, 'off', 'no keys: purchases refused, never a free test checkout');
  assert.equal(a.databaseUrl, undefined);
  assert.ok(a.jwtSecret.length >= 32);
  const file = path.join(dir, 'jwt-secret');
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.equal(readFileSync(file, 'utf8').trim(), a.jwtSecret);
  assert.equal(loadConfig({ BAHI_DATA_DIR: dir }).jwtSecret, a.jwtSecret);
});

test('values are read and normalised', () => {
  const c = loadConfig({
    BAHI_DATA_DIR: tmp(),
    PORT: '9090',
    BAHI_ADMIN_EMAILS: ' Boss@Example.com, ,two@example.com',
    BAHI_SIGNUP_PAGES: '3',
    RAZORPAY_KEY_ID: 'rzp_test_x',
    RAZORPAY_KEY_SECRET: 'secret',
    JWT_SECRET: 'x'.repeat(40),
  });
  assert.equal(c.port, 9090);
  assert.deepEqual(c.adminEmails, ['boss@example.com', 'two@example.com']);
  assert.equal(c.signupPages, 3);
  assert.equal(c.payments, 'live');
  assert.equal(c.jwtSecret, 'x'.repeat(40));
});

test('bad values are all named in one clear message', () => {
  assert.throws(
    () =>
      loadConfig({
        BAHI_DATA_DIR: tmp(),
        PORT: 'eighty',
        JWT_SECRET: 'short',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
      }),
    (err: unknown) =>
      err instanceof ConfigError &&
      ['PORT', 'JWT_SECRET', 'DATABASE_URL', 'LOG_LEVEL'].every((k) => err.message.includes(k)),
  );
  assert.throws(() => loadConfig({ BAHI_DATA_DIR: tmp(), BAHI_PAYMENTS: 'live' }), /RAZORPAY_KEY_ID/);
});

test('the documented list names exactly the variables read', () => {
  const names = ENV_VARS.map((v) => v.name);
  for (const n of [
    'PORT',
    'BAHI_DATA_DIR',
    'DATABASE_URL',
    'JWT_SECRET',
    'SMTP_URL',
    'MAIL_FROM',
    'GOOGLE_CLIENT_ID',
    'RAZORPAY_KEY_ID',
    'RAZORPAY_KEY_SECRET',
    'RAZORPAY_WEBHOOK_SECRET',
    'BAHI_PAYMENTS',
    'BAHI_ADMIN_EMAILS',
    'BAHI_SIGNUP_PAGES',
    'BAHI_TRUST_PROXY',
    'BAHI_READER_NICE',
    'LOG_LEVEL',
  ]) {
    assert.ok(names.includes(n), n);
  }
});

test('BAHI_TRUST_PROXY: off when unset; true, a hop count or proxy addresses; anything else refused', () => {
  const dir = tmp();
  const trust = (v?: string) =>
    loadConfig({ BAHI_DATA_DIR: dir, ...(v === undefined ? {} : { BAHI_TRUST_PROXY: v }) }).trustProxy;
  assert.equal(trust(), false);
  assert.equal(trust(' '), false);
  assert.equal(trust('false'), false);
  assert.equal(trust('TRUE'), true);
  assert.equal(trust('2'), 2);
  assert.deepEqual(trust('10.0.0.1, 10.1.0.0/16,::1,fd00::/8,loopback'), [
    '10.0.0.1',
    '10.1.0.0/16',
    '::1',
    'fd00::/8',
    'loopback',
  ]);
  for (const bad of ['yes', '10.0.0.256', '10.0.0.0/33', '10.0.0.1,,nope', '-1']) {
    assert.throws(
      () => trust(bad),
      (err: unknown) => err instanceof ConfigError && /BAHI_TRUST_PROXY: must be 'true'/.test(err.message),
      bad,
    );
  }
});

test('the embedded database runs unoptimised WebAssembly at every budget (no start-up spike)', () => {
  const dir = tmp();
  const flags = (env: Record<string, string>) => serverNodeFlags(loadConfig({ BAHI_DATA_DIR: dir, ...env }));
  // the default budget (2048) too: its ~750 MB start was issue 38's spike (decision 081, 2026-11-29)
  for (const budget of ['', '1024', '2048', '8192'])
    assert.deepEqual(flags({ BAHI_MEMORY_MB: budget }), [...SERVER_NODE_FLAGS, '--liftoff-only'], budget);
  assert.deepEqual(
    flags({ BAHI_MEMORY_MB: '600', DATABASE_URL: 'postgres://u:p@localhost/bahi' }),
    [...SERVER_NODE_FLAGS],
    'PostgreSQL runs outside the process',
  );
});
