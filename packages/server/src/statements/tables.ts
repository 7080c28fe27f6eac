import {
  boolean,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../db/schema.ts';
import { officeClients } from '../office/tables.ts';
import type { TaxSplit } from '@bahi/core';

// The statements area's own tables (migration 0002_statements_ledger_memory.sql, written by hand).
// They live here rather than in db/schema.ts so that `drizzle-kit generate` (which diffs schema.ts
// against its snapshot) never emits them a second time.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Ledger memory: the ledger a user gave narrations with this key (a UPI ID, a payee, a keyword). */
export const ledgerMemory = pgTable(
  'ledger_memory',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'vpa:name@bank', 'payee:meenakshi verma' or 'word:electricity' (see statements/ledger-memory.ts). */
    key: text('key').notNull(),
    ledger: text('ledger').notNull(),
    uses: integer('uses').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** XML stored by Send to Tally, for the bridge and the history (with Tally's answer once known). */
export const tallyExports = pgTable(
  'tally_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ledgerName: text('ledger_name').notNull(),
    companyName: text('company_name').notNull(),
    vouchers: integer('vouchers').notNull(),
    xml: text('xml').notNull(),
    /** The bridge's parsed RESPONSE as the web app reported it (created, altered, errors...). */
    tallyResponse: jsonb('tally_response'),
    /**
     * The REMOTEIDs of its vouchers in the file's order (part = index / 500), and its first and last
     * voucher day (ISO), kept beside the XML (migration 0014) so the list of pushes and a push's
     * vouchers read no XML (issue 31). Null on rows kept before: the XML answers for them.
     */
    voucherIds: text('voucher_ids').array(),
    firstDay: text('first_day'),
    lastDay: text('last_day'),
    /**
     * Kept in parts (migration 0021, issue 33): the file is the rows of tally_export_parts, each a
     * complete import of TALLY_PART_VOUCHERS vouchers (masters in the first), and `xml` is ''. Null:
     * the file is `xml`, whole (Send to Tally, and exports kept before).
     */
    parts: integer('parts'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('tally_exports_user_created').on(t.userId, t.createdAt)],
);

/**
 * A part of an export kept in parts (migration 0021): an office push is built and kept a part at a
 * time, so its file (up to 48 MB) is never one string in the server, and the bridge's fetch of a
 * part reads that part alone (issue 33).
 */
export const tallyExportParts = pgTable(
  'tally_export_parts',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => tallyExports.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    xml: text('xml').notNull(),
    vouchers: integer('vouchers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.part] })],
);

/**
 * Layouts a user taught (issue 17, migration 0007_taught_layouts.sql, written by hand): the column
 * bands and first row of a statement the reader could not place, keyed by what identifies its shape
 * (bank, the heading words, page size). The next statement of that shape is read with it.
 */
export const taughtLayouts = pgTable(
  'taught_layouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bank: text('bank').notNull(),
    /** the heading words joined by spaces, with the page size: 'w x h|word word ...' */
    shapeKey: text('shape_key').notNull(),
    /** TaughtLayout (page, top, columns) */
    layout: jsonb('layout').notNull(),
    /** LayoutSignature (page size, heading words and their line's top) */
    signature: jsonb('signature').notNull(),
    /**
     * The client a sheet's columns were marked for (issue 35, migration 0027): tried first on that
     * client's files. Null: the office's, for every client (and every PDF layout).
     */
    clientId: uuid('client_id').references(() => officeClients.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('taught_layouts_user_shape').on(t.userId, t.bank, t.shapeKey)],
);

/**
 * Statements as read, kept with the user's history (issue 19, migration 0008_statement_results.sql,
 * written by hand): the result screen loads one by id. Its rows are in statement_row_chunks (below)
 * and `ledgers` the ledger name of each row beside them, so a ledger save rewrites ~20 bytes a row
 * instead of the whole statement (docs/decisions/029). Read and write it through
 * statements/results.ts, never directly.
 */
export const statementResults = pgTable(
  'statement_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the bank chosen on upload, upper-case */
    requestedBank: text('requested_bank').notNull(),
    /** the bank the statement is from (detected), null when unknown */
    bank: text('bank'),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    accountNumber: text('account_number'),
    /** DD-MM-YYYY as shown (statement_info.period_from/to) */
    periodFrom: text('period_from'),
    periodTo: text('period_to'),
    rowCount: integer('row_count').notNull(),
    /** StatementDetail (statements/results.ts): info, detection, reconciliation, reasons, issues... */
    detail: jsonb('detail').notNull(),
    ledgers: jsonb('ledgers').notNull(),
    /** GST/TDS split per row of `rows` (core TaxSplit or null, migration 0022); NULL: none set */
    splits: jsonb('splits').$type<(TaxSplit | null)[]>(),
    revision: integer('revision').notNull().default(1),
    edited: boolean('edited').notNull().default(false),
    accepted: boolean('accepted').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('statement_results_user_created').on(t.userId, t.createdAt)],
);

/**
 * A statement's rows, up to 250 to a chunk (32 K characters) in order (issue 38, migration 0028): one JSON array of
 * [date, description, withdrawal, deposit, balance] each. A large statement's rows are written a
 * chunk per statement, each committed by itself before the statement's own row, so the embedded
 * database (one connection) answers other requests between chunks instead of being held by one
 * 3 MB insert. Chunks are seen only through their statement_results row, written last in the
 * transaction that spends the pages: until then they are invisible, and chunks a failed or killed
 * save left are swept (statements/results.ts). No foreign key to statement_results for that
 * reason (they exist before it); the user's deletion removes them.
 */
export const statementRowChunks = pgTable(
  'statement_row_chunks',
  {
    statementId: uuid('statement_id').notNull(),
    /** the chunk's place: rows of chunk 0, then 1... */
    n: integer('n').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** how many rows `rows` holds (the save checks the sum before the statement is committed) */
    rowCount: integer('row_count').notNull(),
    // json, not jsonb (migration 0030): kept as the text it was sent, not parsed into jsonb's binary
    // form, which took about half the embedded database's thread per chunk (decision 052, round
    // sixteen). Nothing queries inside a chunk: its rows are read whole, in order.
    rows: json('rows').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.statementId, t.n] })],
);
