import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TaxSplit } from '@bahi/core';
import { users } from '../db/schema.ts';

// The office's tables (issue 13, clients part; migration 0010_office_clients_books.sql, written by
// hand). Kept here, like statements/tables.ts, so `drizzle-kit generate` never emits them twice.
// Money is integer paise in bigint (mode 'number': exact far beyond any statement).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const paise = (name: string) => bigint(name, { mode: 'number' });

export const officeClients = pgTable(
  'office_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tallyCompany: text('tally_company').notNull().default(''),
    /** GST state code ('27'); contract/office.ts GST_STATES names it */
    stateCode: text('state_code').notNull(),
    gstin: text('gstin').notNull().default(''),
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('office_clients_user_name').on(t.userId, t.name)],
);

export const officeAccounts = pgTable(
  'office_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => officeClients.id, { onDelete: 'cascade' }),
    bank: text('bank').notNull(),
    /** as the user typed it */
    accountNumber: text('account_number').notNull(),
    /** its digits, leading zeros dropped: what statements are matched on (office/accounts.ts) */
    accountDigits: text('account_digits').notNull(),
    tallyLedger: text('tally_ledger').notNull(),
    archivedAt: ts('archived_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('office_accounts_user_digits').on(t.userId, t.accountDigits)],
);

/** Which statements were filed into which account, and what that did. */
export const accountStatements = pgTable(
  'account_statements',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => officeAccounts.id, { onDelete: 'cascade' }),
    /** statement_results.id (no foreign key: the book outlives the read result) */
    statementId: uuid('statement_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    periodFrom: text('period_from'),
    periodTo: text('period_to'),
    rows: integer('rows').notNull(),
    added: integer('added').notNull(),
    recognised: integer('recognised').notNull(),
    filedAt: ts('filed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'account_statements_pk', columns: [t.accountId, t.statementId] })],
);

/** One account's continuous book: every row once, in date order (`position`). */
export const bookRows = pgTable(
  'book_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => officeAccounts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** ISO */
    date: text('date').notNull(),
    description: text('description').notNull(),
    withdrawal: paise('withdrawal').notNull(),
    deposit: paise('deposit').notNull(),
    balance: paise('balance'),
    reference: text('reference'),
    /** the statement that first brought the row */
    statementId: uuid('statement_id').notNull(),
    ledger: text('ledger').notNull().default(''),
    ledgerSource: text('ledger_source', { enum: ['rule', 'memory', 'manual'] }),
    ledgerReason: text('ledger_reason').notNull().default(''),
    voucherType: text('voucher_type', { enum: ['Contra'] }),
    /** GST or TDS split of the row's amount (core TaxSplit, decision 055); NULL: none */
    taxSplit: jsonb('tax_split').$type<TaxSplit>(),
    /** set once, when the row went into a push or an export: it never goes again */
    pushedAt: ts('pushed_at'),
    pushId: uuid('push_id'),
    /** who last changed the row (its ledger, a fix) and when (issue 35; the trail is book_changes) */
    changedByName: text('changed_by_name'),
    changedAt: ts('changed_at'),
  },
  (t) => [index('book_rows_account_position').on(t.accountId, t.position)],
);

export const bookPushes = pgTable('book_pushes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id')
    .notNull()
    .references(() => officeAccounts.id, { onDelete: 'cascade' }),
  rows: integer('rows').notNull(),
  vouchers: integer('vouchers').notNull(),
  /** tally_exports.id (the XML kept for the bridge; it expires, the push record stays) */
  exportId: uuid('export_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const clientRules = pgTable(
  'client_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => officeClients.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull().default(''),
    words: jsonb('words').$type<string[]>().notNull(),
    match: text('match', { enum: ['all', 'any'] }).notNull(),
    direction: text('direction', { enum: ['any', 'withdrawal', 'deposit'] }).notNull(),
    minPaise: paise('min_paise'),
    maxPaise: paise('max_paise'),
    ledger: text('ledger').notNull(),
    voucherType: text('voucher_type', { enum: ['Contra'] }),
    /** the split a row this rule sets takes with its ledger (decision 055) */
    taxSplit: jsonb('tax_split').$type<TaxSplit>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('client_rules_client_position').on(t.clientId, t.position)],
);

/**
 * The office's own rule set (issue 35, decision 055): rules kept apart from any client, that each
 * client can take (copied into its rules, so a client's later change is its own).
 */
export const officeRules = pgTable(
  'office_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull().default(''),
    words: jsonb('words').$type<string[]>().notNull(),
    match: text('match', { enum: ['all', 'any'] }).notNull(),
    direction: text('direction', { enum: ['any', 'withdrawal', 'deposit'] }).notNull(),
    minPaise: paise('min_paise'),
    maxPaise: paise('max_paise'),
    ledger: text('ledger').notNull(),
    voucherType: text('voucher_type', { enum: ['Contra'] }),
    taxSplit: jsonb('tax_split').$type<TaxSplit>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('office_rules_user_position').on(t.userId, t.position)],
);

/** Ledger memory per client (the keys of statements/ledger-memory.ts: UPI ID, payee, keyword). */
export const clientLedgerMemory = pgTable(
  'client_ledger_memory',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => officeClients.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    ledger: text('ledger').notNull(),
    uses: integer('uses').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'client_ledger_memory_pk', columns: [t.clientId, t.key] })],
);

/** The rows of a read statement whose account is not one of the client's yet ("new account"). */
export type UnfiledRow = {
  date: string;
  description: string;
  withdrawal: number;
  deposit: number;
  balance: number | null;
  reference: string | null;
};

export const unfiledStatements = pgTable(
  'unfiled_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null: dropped on the inbox and no client's account matched */
    clientId: uuid('client_id').references(() => officeClients.id, { onDelete: 'cascade' }),
    statementId: uuid('statement_id').notNull(),
    fileName: text('file_name').notNull(),
    bank: text('bank').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    /**
     * null: the rows are the stored rows of `statementId` (statement_row_chunks), which the queue
     * wrote before the read's end; copied here only when they are not (office/unfiled-rows.ts)
     */
    rows: jsonb('rows').$type<UnfiledRow[]>(),
    /** the rows' count and their first and last dates (ISO), for the lists without the rows */
    rowCount: integer('row_count').notNull().default(0),
    firstDate: text('first_date'),
    lastDate: text('last_date'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('unfiled_statements_user').on(t.userId, t.createdAt)],
);

/**
 * The group chosen for a new ledger of a client's push (issue 34 round four, migration 0023): the
 * next push that needs the same ledger takes it without asking, and the last one chosen is offered
 * first for another new ledger. Keyed by the ledger's name in lower case, as the builders match it.
 */
export const clientLedgerGroups = pgTable(
  'client_ledger_groups',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => officeClients.id, { onDelete: 'cascade' }),
    ledgerKey: text('ledger_key').notNull(),
    ledger: text('ledger').notNull(),
    groupName: text('group_name').notNull(),
    chosenAt: ts('chosen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'client_ledger_groups_pk', columns: [t.clientId, t.ledgerKey] })],
);
