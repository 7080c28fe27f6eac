import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../db/schema.ts';

/**
 * The Tally companies a user has read (through the bridge, or from a masters export file): the
 * company's name, state, GSTIN, release and its ledgers, groups, stock items, units and voucher
 * types, so every ledger field offers them and an export declares only what the company lacks
 * (issue 12, docs/decisions/036, migration 0011_tally_companies.sql, written by hand).
 * One row per user and company name (case-insensitive, as Tally's names are).
 */
export const tallyCompanies = pgTable(
  'tally_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** lower(name): Tally's names are case-insensitive. */
    nameKey: text('name_key').notNull(),
    source: text('source', { enum: ['bridge', 'file'] }).notNull(),
    snapshot: jsonb('snapshot').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tally_companies_user_name').on(t.userId, t.nameKey)],
);

/**
 * Bahi's own record of the bank vouchers that went to a Tally company (issue 31, docs/decisions/037,
 * migration 0013_tally_sent_vouchers.sql, written by hand): one row per user, company, bank ledger
 * and voucher id (@bahi/tally bankVoucherIds, from the transaction's content). 'downloaded': the
 * voucher was in a file the user downloaded (it may have been imported); 'sent': Tally answered
 * that it took it. A second export of overlapping rows leaves these out and says how many.
 * Nothing here relies on TallyPrime matching a REMOTEID it has seen.
 */
export const tallySentVouchers = pgTable(
  'tally_sent_vouchers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** lower(trim(company name)); '' when the export named no company. */
    companyKey: text('company_key').notNull(),
    /** lower(trim(bank ledger)). */
    ledgerKey: text('ledger_key').notNull(),
    remoteId: text('remote_id').notNull(),
    how: text('how', { enum: ['downloaded', 'sent'] }).notNull(),
    /** The tally_exports row it went in, while that is kept (exports expire; this record does not). */
    exportId: uuid('export_id'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /**
     * The bank's movement of the voucher (ISO day, side, paise; migration 0016), so that what Tally
     * holds is matched against all of Bahi's own vouchers, not only those of the request (decision
     * 037, round 3f). Null on rows recorded before: such a voucher cannot answer for itself.
     */
    day: text('day'),
    side: text('side', { enum: ['withdrawal', 'deposit'] }),
    paise: bigint('paise', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.ledgerKey, t.remoteId, t.companyKey] }),
    index('tally_sent_vouchers_day').on(t.userId, t.ledgerKey, t.day),
  ],
);
