import path from 'node:path';
import { keptSecret, type Config } from '../config.ts';

export const TEST_SECRET_FILE = 'payment-test-secret';

/**
 * The secret payment signatures are made and checked with: RAZORPAY_KEY_SECRET when set, else (test
 * mode only: live mode needs the key secret) a secret generated once in the data directory, so the
 * embedded default checks test payments exactly as live ones. Several processes need the key secret.
 */
export function paymentSecret(config: Config): string {
  if (config.razorpay.keySecret) return config.razorpay.keySecret;
  return keptSecret(path.join(config.dataDir, TEST_SECRET_FILE), 32);
}
