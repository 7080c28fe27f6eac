import { VOUCHER_TYPES } from '@bahi/core';
import { z } from 'zod';
import { VOUCHER_DRAFT_PREFIX, decodeClaims, readToken } from '../auth/token.ts';
import type { EditorRow } from './rows.ts';

// The rows typed on the Create Vouchers screen survive a reload: they stay in localStorage until
// they are exported or cleared (docs/decisions/070-voucher-importer.md). One draft per signed-in
// user, so someone signing in after a colleague on the same browser does not see their rows.

const PREFIX = VOUCHER_DRAFT_PREFIX;

const StoredRow = z.object({
  id: z.string().min(1),
  date: z.string(),
  voucherType: z.enum(['', ...VOUCHER_TYPES]),
  ledgerName: z.string(),
  partyName: z.string(),
  description: z.string(),
  netAmount: z.union([z.number(), z.string()]),
  // the bank and GST fields (issue 31), absent from drafts written before them
  instrumentNumber: z.string().optional(),
  gstRate: z.string().optional(),
  hsn: z.string().optional(),
  partyGstin: z.string().optional(),
  partyState: z.string().optional(),
});
const StoredDraft = z.object({ version: z.literal(1), rows: z.array(StoredRow) });

/** The key of the signed-in user's draft (by the token's subject, else its e-mail). */
export function draftKey(token: string | null = readToken()): string {
  const claims = token ? decodeClaims(token) : null;
  return PREFIX + (claims?.sub ?? claims?.email ?? 'anonymous');
}

/** The saved rows, or null when there are none or what is stored is not a draft we wrote. */
export function loadDraft(key: string): EditorRow[] | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = StoredDraft.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.rows : null;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, rows: readonly EditorRow[]): void {
  try {
    localStorage.setItem(key, JSON.stringify({ version: 1, rows }));
  } catch {
    // Storage full or disabled: the rows stay on screen, they just will not survive a reload.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}
