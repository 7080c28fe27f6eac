import { jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { RuleSetRules } from '@bahi/contract';
import { users } from '../db/schema.ts';

// The billing area's own table (migration 0003_billing_rule_sets.sql, written by hand). It lives here
// rather than in db/schema.ts so that `drizzle-kit generate` never emits it a second time.

/** Chunking rule sets (spec section 3): one user's named map of RATE/QUANTITY rules. */
export const ruleSets = pgTable(
  'rule_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<RuleSetRules>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('rule_sets_user_name').on(t.userId, t.name)],
);
