import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// Pages are integer counts; money (later issues) is integer paise in bigint columns with mode 'number'
// or 'bigint', never numeric, so both drivers hand back the same JS type.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Always stored lower-cased. */
    email: text('email').notNull().unique(),
    /** 10 digits; null for accounts created through Google sign-in. */
    phone: text('phone').unique(),
    /** argon2id; null for Google-only accounts. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    emailVerified: boolean('email_verified').notNull().default(false),
    googleSub: text('google_sub').unique(),
    /** Kept beside page_ledger in the same transaction; never below zero. */
    pagesLeft: integer('pages_left').notNull().default(0),
    /** Tokens issued before this instant are refused (sign out everywhere, password change). */
    tokensValidAfter: ts('tokens_valid_after').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The last forgot-password request; send-otp resends a reset code while it is recent. */
    resetRequestedAt: ts('reset_requested_at'),
  },
  (t) => [check('users_pages_left_not_negative', sql`${t.pagesLeft} >= 0`)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['signup', 'reset'] }).notNull(),
    /** HMAC-SHA256 of the code with a server secret, hex. */
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    tries: integer('tries').notNull().default(0),
    /** When the right code was entered (the code is then spent). */
    usedAt: ts('used_at'),
    /** Reset codes: when the password was changed with the permission the code gave. */
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('otp_codes_user_created').on(t.userId, t.createdAt)],
);

/**
 * Fixed-window counters shared by every server process; also each account's run of wrong codes
 * (key code-failures:<user id>, window_start: the last failure).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Append-only: every change of a user's page balance. */
export const pageLedger = pgTable(
  'page_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['grant', 'purchase', 'spend', 'refund'] }).notNull(),
    /** Signed: spends are negative. */
    pages: integer('pages').notNull(),
    ref: text('ref'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('page_ledger_user_created').on(t.userId, t.createdAt)],
);

/** One row per statement extraction (filled by the statements issue). */
export const extractions = pgTable(
  'extractions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    bank: text('bank'),
    pages: integer('pages').notNull(),
    rows: integer('rows').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('extractions_user_created').on(t.userId, t.createdAt)],
);

/** Payment orders (issue 8): one per Place Order; credited at most once (status created -> paid). */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    /** Razorpay's order id, or order_test_… in test mode. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    pages: integer('pages').notNull(),
    /** Integer paise (at most a few lakh rupees, so integer is enough). */
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    mode: text('mode', { enum: ['test', 'live'] }).notNull(),
    status: text('status', { enum: ['created', 'paid'] })
      .notNull()
      .default('created'),
    /** Set with status 'paid': the payment that paid it (unique: a payment credits one order). */
    paymentId: text('payment_id').unique(),
    /** 'verify' or 'webhook': whichever came first. */
    paidVia: text('paid_via'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_orders_user_created').on(t.userId, t.createdAt)],
);

/** Webhook events already handled (Razorpay retries and replays; the event id is the key). */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  orderId: text('order_id'),
  paymentId: text('payment_id'),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

/** Sessions signed out (logout): their tokens are refused until the session would have ended anyway. */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    /** The token's sid. */
    sessionId: text('session_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revokedAt: ts('revoked_at').notNull(),
    /** Sign-in time + the absolute lifetime: after this the row is only clutter and is deleted. */
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('revoked_sessions_expires').on(t.expiresAt)],
);

export type UserRow = typeof users.$inferSelect;

// ---- Office drops (issue 13, queue): one row per dropped file, its bytes apart until the job ends.

/** What a dropped file's job is doing; the drop screen shows one row per job. */
export const OFFICE_JOB_STATES = ['queued', 'reading', 'needs_password', 'read', 'failed'] as const;

export const officeJobs = pgTable(
  'office_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The office client the file was dropped on (H8's clients table); null for the inbox. */
    clientId: uuid('client_id'),
    /** Files dropped together share it. */
    dropId: uuid('drop_id').notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    state: text('state', { enum: OFFICE_JOB_STATES }).notNull().default('queued'),
    pagesDone: integer('pages_done').notNull().default(0),
    pagesTotal: integer('pages_total'),
    /** Reading attempts started (a worker that dies mid-read leaves one more). */
    attempts: integer('attempts').notNull().default(0),
    bank: text('bank'),
    accountNumber: text('account_number'),
    periodFrom: text('period_from'),
    periodTo: text('period_to'),
    rows: integer('rows'),
    reconciled: boolean('reconciled'),
    pagesCharged: integer('pages_charged').notNull().default(0),
    reasonCode: text('reason_code'),
    reason: text('reason'),
    /** The statement as kept by the statement store (statement_results), once read. */
    statementId: uuid('statement_id'),
    /** The client's account it was filed to (office_accounts); null while unfiled. */
    accountId: uuid('account_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('office_jobs_user_client_created').on(t.userId, t.clientId, t.createdAt),
    index('office_jobs_user_state').on(t.userId, t.state),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A dropped file's bytes, kept only until its job ends (then deleted; the result stays): since
 * issue 33 a file under the data directory (`file`, queue/upload-files.ts); `bytes` only in rows
 * stored before, read until their jobs end.
 */
export const officeUploads = pgTable('office_uploads', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => officeJobs.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes'),
  file: text('file'),
});

export type OfficeJobRow = typeof officeJobs.$inferSelect;

// ---- Sessions (issue 18): when each sign-in was last used, for the idle timeout.

/**
 * One row per sign-in (the token's sid): when it was last used and when it ends at the latest
 * (sign-in + the absolute lifetime; then the row is deleted). A session unused for the idle
 * timeout is refused even while its token has not expired.
 */
export const sessionActivity = pgTable(
  'session_activity',
  {
    sessionId: text('session_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeenAt: ts('last_seen_at').notNull(),
    endsAt: ts('ends_at').notNull(),
  },
  (t) => [index('session_activity_ends').on(t.endsAt)],
);
