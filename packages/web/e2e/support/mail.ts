import { expect } from '@playwright/test';
import type { StoredMail } from './global-setup.ts';

/** The mails delivered so far to `to` over the loopback SMTP server. */
export async function mailsTo(to: string): Promise<StoredMail[]> {
  const res = await fetch(`${process.env.BAHI_E2E_MAILBOX}/?to=${encodeURIComponent(to)}`);
  return (await res.json()) as StoredMail[];
}

/** Waits for the `nth` mail (1-based) to `to` and returns the 4-digit code in it. */
export async function codeSentTo(to: string, nth = 1): Promise<string> {
  let mails: StoredMail[] = [];
  await expect
    .poll(async () => (mails = await mailsTo(to)).length, { timeout: 15_000, message: `mail to ${to}` })
    .toBeGreaterThanOrEqual(nth);
  const code = /\b(\d{4})\b/.exec(`${mails[nth - 1].subject}\n${mails[nth - 1].text}`)?.[1];
  if (!code) throw new Error(`no 4-digit code in the mail to ${to}`);
  return code;
}
