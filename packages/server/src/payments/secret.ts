import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

export const TEST_SECRET_FILE = 'payment-test-secret';

/**
 * The secret payment signatures are made and checked with: RAZORPAY_KEY_SECRET when set, else (test
 * mode only: live mode needs the key secret) a secret generated once in the data directory, so the
 * embedded default checks test payments exactly as live ones. Several processes need the key secret.
 */
export function paymentSecret(config: Config): string {
  if (config.razorpay.keySecret) return config.razorpay.keySecret;
  const file = path.join(config.dataDir, TEST_SECRET_FILE);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
