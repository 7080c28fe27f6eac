import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
