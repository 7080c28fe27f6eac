import { readFileSync } from 'node:fs';
import { HttpError } from '../errors.ts';

// Passwords of 8 characters or more that are still guessed first: a list kept in the repo
// (common-passwords.txt, one a line, lower case), and the user's own e-mail and name.

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

export const WEAK_PASSWORD = 'This password is too easy to guess. Please choose another.';
export const PERSONAL_PASSWORD = 'The password must not be your e-mail or your name. Please choose another.';

/** Runs people type as passwords: the alphabet and the keyboard's rows, forwards. */
const LETTER_RUNS = ['abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'] as const;
const DIGIT_RUNS = ['1234567890', '0987654321', '123123123', '112233'] as const;

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The reason this password is refused, or undefined when it may be used. */
export function weakPasswordReason(
  password: string,
  who: { email?: string; name?: string } = {},
): string | undefined {
  const p = password.trim().toLowerCase();
  const list = commonPasswords();
  if (list.has(p) || list.has(p.replace(/[^a-z0-9@]/g, ''))) return WEAK_PASSWORD;
  // One repeated character or a plain run of digits is no password either.
  if (/^(.)\1*$/.test(p) || (/^\d+$/.test(p) && '01234567890123456789'.includes(p))) return WEAK_PASSWORD;
  // Nor a run of the alphabet or of a keyboard row, or a listed word, with at most a run of digits
  // beside it, however mixed and punctuated ('Abcd@1234', 'a1b2c3d4', 'q1w2e3r4', 'Qwerty12';
  // issue 33: 5 of 30 well-known weak passwords passed).
  const letters = p.replace(/[^a-z]/g, '');
  const digits = p.replace(/[^0-9]/g, '');
  const runOf = (part: string, runs: readonly string[]) =>
    part === '' || runs.some((r) => r.startsWith(part));
  if (letters.length > 0 && (runOf(letters, LETTER_RUNS) || list.has(letters)) && runOf(digits, DIGIT_RUNS))
    return WEAK_PASSWORD;
  const sp = squash(password);
  const email = (who.email ?? '').toLowerCase();
  const local = squash(email.split('@')[0] ?? '');
  const name = squash(who.name ?? '');
  if (email && p === email) return PERSONAL_PASSWORD;
  for (const mine of [local, name]) {
    if (mine.length >= 4 && (sp === mine || (sp.includes(mine) && sp.length - mine.length < 4))) {
      return PERSONAL_PASSWORD;
    }
  }
  return undefined;
}

/** Throws 422 { detail } for a password that is too easy to guess. */
export function assertStrongPassword(password: string, who: { email?: string; name?: string }): void {
  const reason = weakPasswordReason(password, who);
  if (reason) throw new HttpError('INVALID', reason);
}
