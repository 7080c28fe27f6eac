import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.ts';
import { officeAccounts, officeClients } from './tables.ts';

// An office with a team (issue 35; migration 0017_office_team.sql, written by hand; decision 054).
// The office is its owner's account: an office's id is the owner's users.id, so every table that
// already carries `user_id` (clients, accounts, books, pushes, exports) is the office's without a
// data migration, and a single user is the owner of their own one-person office.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const OFFICE_MEMBER_ROLES = ['accountant', 'reviewer'] as const;
export type OfficeMemberRole = (typeof OFFICE_MEMBER_ROLES)[number];

/** A person working in someone else's office. One office a person: the key is the member. */
export const officeMembers = pgTable(
  'office_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the owner's users.id */
    officeId: uuid('office_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: OFFICE_MEMBER_ROLES }).notNull(),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [index('office_members_office').on(t.officeId)],
);

/** An invitation mailed with a one-time code; accepting it (signed in with that e-mail) joins. */
export const officeInvitations = pgTable(
  'office_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** lower-cased */
    email: text('email').notNull(),
    role: text('role', { enum: OFFICE_MEMBER_ROLES }).notNull(),
    /** HMAC of the code (auth/otp.ts hashCode, salted with the invitation's id) */
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('office_invitations_email').on(t.email), index('office_invitations_office').on(t.officeId)],
);

/** Which clients an accountant works on. */
export const clientAssignments = pgTable(
  'client_assignments',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => officeClients.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: ts('assigned_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'client_assignments_pk', columns: [t.clientId, t.userId] }),
    index('client_assignments_user').on(t.userId),
  ],
);

/** A client's month a reviewer approved for Tally; a change to the month's rows deletes it. */
export const monthApprovals = pgTable(
  'month_approvals',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => officeClients.id, { onDelete: 'cascade' }),
    /** YYYY-MM */
    month: text('month').notNull(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedByName: text('approved_by_name').notNull(),
    approvedAt: ts('approved_at').notNull(),
  },
  (t) => [primaryKey({ name: 'month_approvals_pk', columns: [t.clientId, t.month] })],
);

/** `split`: a GST/TDS split set or cleared on rows (decision 057); text, no migration. */
export const BOOK_CHANGE_KINDS = [
  'ledger',
  'rule',
  'file',
  'fix',
  'split',
  'push',
  'approve',
  'withdraw',
] as const;
export type BookChangeKind = (typeof BOOK_CHANGE_KINDS)[number];

/**
 * The audit trail: every change to a client's books, who made it and when. Append-only. The
 * author's name is kept beside the id: a member who leaves (or deletes the account) stays named.
 */
export const bookChanges = pgTable(
  'book_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => officeClients.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => officeAccounts.id, { onDelete: 'cascade' }),
    /** YYYY-MM, or null when the change is of no one month */
    month: text('month'),
    kind: text('kind', { enum: BOOK_CHANGE_KINDS }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** '' when no person made it (a statement filed by the queue) */
    actorName: text('actor_name').notNull(),
    /** how many rows it touched */
    rows: integer('rows').notNull().default(0),
    detail: text('detail').notNull().default(''),
    at: ts('at').notNull(),
  },
  (t) => [index('book_changes_client_at').on(t.clientId, t.at)],
);
