import { z } from 'zod';
import { NameSchema, PasswordSchema, PhoneSchema } from './auth.ts';

// Account management under /api/account (DESIGN: 'Where the specification is silent').

/** PUT /account/profile: name and phone are editable; the e-mail is not. */
export const UpdateProfileRequest = z.object({ name: NameSchema, phone: PhoneSchema });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** POST /account/change-password */
export const ChangePasswordRequest = z.object({
  current_password: z.string().min(1, 'Current password is required'),
  new_password: PasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** DELETE /account: the password, or for a Google-only account the e-mail typed out. */
export const DeleteAccountRequest = z
  .object({ password: z.string().optional(), email: z.string().optional() })
  .refine((v) => Boolean(v.password || v.email), 'Enter your password (or your e-mail for a Google account)');
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/** GET /account/history?page=1&page_size=20 */
export const HistoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const LedgerEntry = z.object({
  id: z.string(),
  kind: z.enum(['grant', 'purchase', 'spend', 'refund']),
  pages: z.number().int(),
  ref: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const ExtractionEntry = z.object({
  id: z.string(),
  file_name: z.string(),
  bank: z.string().nullable(),
  pages: z.number().int(),
  rows: z.number().int(),
  created_at: z.string(),
});
export type ExtractionEntry = z.infer<typeof ExtractionEntry>;

export const HistoryAnswer = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  ledger: z.array(LedgerEntry),
  ledger_total: z.number().int(),
  extractions: z.array(ExtractionEntry),
  extractions_total: z.number().int(),
});
export type HistoryAnswer = z.infer<typeof HistoryAnswer>;
