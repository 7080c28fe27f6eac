import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane): ~30 ms here.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummy: Promise<string> | undefined;

/**
 * True when `password` matches `stored`. With no stored hash (unknown account, Google-only) it
 * still spends one verification so the answer time does not tell which accounts exist.
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    await verify(await (dummy ??= hashPassword('not a password of anyone')), password);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
