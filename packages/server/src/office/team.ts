// Who may do what in an office (issue 35, decision 054), and the book's audit trail. The office is
// its owner's account (team-tables.ts); requireUser sets request.office. Every client-taking route
// asks clientFor / accountFor: a client the person may not see answers 404, exactly as another
// office's client (a stranger's) always did; one they see but may not change answers 403.
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/index.ts';
import { forbidden, notFound } from '../errors.ts';
import { officeAccounts, officeClients } from './tables.ts';
import {
  bookChanges,
  clientAssignments,
  monthApprovals,
  officeMembers,
  type BookChangeKind,
} from './team-tables.ts';
import type { OfficeAccess } from '../context.ts';
import { HttpError } from '../errors.ts';

type ClientRow = typeof officeClients.$inferSelect;
type AccountRow = typeof officeAccounts.$inferSelect;

/** What a route wants to do with a client. */
export type ClientUse =
  /** read it, its books, its history */
  | 'see'
  /** change its books: accounts, statements filed, ledgers, rules, pushes */
  | 'work'
  /** approve or withdraw its months */
  | 'approve'
  /** its details, archiving it, who works on it */
  | 'manage';

/** The person acting, as the audit trail names them. */
export type Actor = { id: string | null; name: string };

export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user.id,
  name: request.user.name || request.user.email,
});

const REFUSED: Record<Exclude<ClientUse, 'see'>, string> = {
  work: 'A reviewer approves months; the owner or the client’s accountant changes its books.',
  approve: 'Only a reviewer or the office’s owner approves a month.',
  manage: 'Only the office’s owner can do this.',
};

/** May `office`'s person use a client they can see this way? (403 otherwise) */
export function mayUse(office: OfficeAccess, use: ClientUse): boolean {
  if (office.role === 'owner' || use === 'see') return true;
  if (office.role === 'accountant') return use === 'work';
  return use === 'approve';
}

/** Throws the 403 of `use` unless the person may. */
export function requireUse(office: OfficeAccess, use: ClientUse): void {
  if (!mayUse(office, use)) throw forbidden(REFUSED[use as Exclude<ClientUse, 'see'>]);
}

/** Only the owner (the team screen, new clients, the inbox). */
export function requireOwner(office: OfficeAccess): void {
  if (office.role !== 'owner') throw forbidden(REFUSED.manage);
}

/**
 * The clients an accountant is assigned, or null for every client of the office (owner, reviewer).
 */
export async function assignedClientIds(
  db: DbOrTx,
  office: OfficeAccess,
  personId: string,
): Promise<Set<string> | null> {
  if (office.role !== 'accountant') return null;
  const rows = await db
    .select({ clientId: clientAssignments.clientId })
    .from(clientAssignments)
    .where(eq(clientAssignments.userId, personId));
  return new Set(rows.map((r) => r.clientId));
}

/**
 * The condition "the person sees this client" on a client id column, or undefined when they see
 * every client of the office (owner, reviewer): folded into the route's own query, so checking it
 * costs no round trip of its own (issue 37).
 */
export function seenBy(office: OfficeAccess, personId: string, clientId: AnyColumn | SQL): SQL | undefined {
  if (office.role !== 'accountant') return undefined;
  return sql`exists (select 1 from ${clientAssignments} where ${clientAssignments.clientId} = ${clientId} and ${clientAssignments.userId} = ${personId})`;
}

/** The office's client `id` when the person sees it (404 otherwise) and may use it so (403). */
export async function clientFor(
  db: DbOrTx,
  request: FastifyRequest,
  id: string,
  use: ClientUse,
): Promise<ClientRow> {
  const [c] = await db
    .select()
    .from(officeClients)
    .where(
      and(
        eq(officeClients.id, id),
        eq(officeClients.userId, request.office.id),
        seenBy(request.office, request.user.id, officeClients.id),
      ),
    );
  if (!c) throw notFound('No such client.');
  requireUse(request.office, use);
  return c;
}

/** The office's account `id` when the person sees its client (404 otherwise) and may use it so. */
export async function accountFor(
  db: DbOrTx,
  request: FastifyRequest,
  id: string,
  use: ClientUse,
): Promise<AccountRow> {
  const [a] = await db
    .select()
    .from(officeAccounts)
    .where(
      and(
        eq(officeAccounts.id, id),
        eq(officeAccounts.userId, request.office.id),
        seenBy(request.office, request.user.id, officeAccounts.clientId),
      ),
    );
  if (!a) throw notFound('No such account.');
  requireUse(request.office, use);
  return a;
}

/** The office whose pages a person spends: the one they work in, else their own (decision 054). */
export async function payerOf(db: DbOrTx, userId: string): Promise<string> {
  const [m] = await db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, userId));
  return m?.officeId ?? userId;
}

// ---- approvals ----

/**
 * Months must be approved before a push once the office has a reviewer: a single user, or an office
 * without one, pushes as before (decision 054).
 */
export async function approvalRequired(db: DbOrTx, officeId: string): Promise<boolean> {
  const [r] = await db
    .select({ userId: officeMembers.userId })
    .from(officeMembers)
    .where(and(eq(officeMembers.officeId, officeId), eq(officeMembers.role, 'reviewer')))
    .limit(1);
  return Boolean(r);
}

export const notApproved = (months: readonly string[]) =>
  new HttpError(
    'CONFLICT',
    `${months.length === 1 ? `${months[0]} is` : `${months.join(', ')} are`} not approved yet: a reviewer approves a month before it goes to Tally.`,
  );

/**
 * 409 unless every one of `months` of the client is approved (when the office needs approvals).
 * Called inside the push's transaction (pushes.ts), after the account's lock: the approvals are read
 * FOR SHARE, so a withdrawal in flight (its DELETE not yet committed) is waited for and then counts,
 * and one that starts later waits for the push to commit. What was approved is what goes.
 */
export async function requireApproved(
  db: DbOrTx,
  officeId: string,
  clientId: string,
  months: readonly string[],
): Promise<void> {
  if (months.length === 0 || !(await approvalRequired(db, officeId))) return;
  const approved = await db
    .select({ month: monthApprovals.month })
    .from(monthApprovals)
    .where(and(eq(monthApprovals.clientId, clientId), inArray(monthApprovals.month, [...new Set(months)])))
    .for('share');
  const have = new Set(approved.map((a) => a.month));
  const missing = [...new Set(months)].filter((m) => !have.has(m)).sort();
  if (missing.length) throw notApproved(missing);
}

/** Approves a client's month (again: the newer approval stands). */
export async function approveMonth(
  tx: DbOrTx,
  clientId: string,
  month: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  await tx
    .insert(monthApprovals)
    .values({ clientId, month, approvedBy: actor.id, approvedByName: actor.name, approvedAt: now })
    .onConflictDoUpdate({
      target: [monthApprovals.clientId, monthApprovals.month],
      set: { approvedBy: actor.id, approvedByName: actor.name, approvedAt: now },
    });
  await recordChange(tx, { clientId, month, kind: 'approve', actor, at: now });
}

/**
 * A change to rows of these months withdraws their approvals (each withdrawal is in the trail, with
 * what caused it): what the reviewer approved is no longer what would be pushed.
 */
export async function withdrawApprovals(
  tx: DbOrTx,
  clientId: string,
  months: Iterable<string>,
  actor: Actor,
  now: Date,
  why: string,
): Promise<string[]> {
  const list = [...new Set(months)];
  if (list.length === 0) return [];
  const gone = await tx
    .delete(monthApprovals)
    .where(and(eq(monthApprovals.clientId, clientId), inArray(monthApprovals.month, list)))
    .returning({ month: monthApprovals.month });
  for (const g of gone)
    await recordChange(tx, { clientId, month: g.month, kind: 'withdraw', actor, at: now, detail: why });
  return gone.map((g) => g.month);
}

// ---- the audit trail ----

export type BookChange = {
  clientId: string;
  accountId?: string | null;
  month?: string | null;
  kind: BookChangeKind;
  actor: Actor;
  at: Date;
  rows?: number;
  detail?: string;
};

export async function recordChange(tx: DbOrTx, c: BookChange): Promise<void> {
  await tx.insert(bookChanges).values({
    clientId: c.clientId,
    accountId: c.accountId ?? null,
    month: c.month ?? null,
    kind: c.kind,
    actorId: c.actor.id,
    actorName: c.actor.name.slice(0, 200),
    rows: c.rows ?? 0,
    detail: (c.detail ?? '').slice(0, 500),
    at: c.at,
  });
}

/**
 * A change of book rows, one trail entry per month it touched, each row marked with who and when
 * (the book shows it), and the approvals of those months withdrawn (not by a push). `rows` are the
 * rows changed.
 */
export async function recordRowChanges(
  tx: DbOrTx,
  account: { id: string; clientId: string },
  rows: readonly { id: string; date: string }[],
  kind: BookChangeKind,
  actor: Actor,
  now: Date,
  detail: string,
): Promise<void> {
  if (rows.length === 0) return;
  const byMonth = new Map<string, number>();
  for (const r of rows) byMonth.set(r.date.slice(0, 7), (byMonth.get(r.date.slice(0, 7)) ?? 0) + 1);
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 5000) {
    await tx.execute(sql`
      UPDATE book_rows SET changed_by_name = ${actor.name.slice(0, 200)}, changed_at = ${now.toISOString()}
      WHERE account_id = ${account.id} AND id IN (${sql.join(
        ids.slice(i, i + 5000).map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
  }
  for (const [month, n] of [...byMonth].sort()) {
    await recordChange(tx, {
      clientId: account.clientId,
      accountId: account.id,
      month,
      kind,
      actor,
      at: now,
      rows: n,
      detail,
    });
  }
  // A push changes no figure or ledger: what was approved is what went.
  if (kind !== 'push') await withdrawApprovals(tx, account.clientId, byMonth.keys(), actor, now, detail);
}

/** A statement filed into an account: the months its new rows fall in, in the trail, unapproved. */
export async function recordFiling(
  tx: DbOrTx,
  account: { id: string; clientId: string },
  fileName: string,
  added: readonly { date: string }[],
  actor: Actor,
  now: Date,
): Promise<void> {
  const byMonth = new Map<string, number>();
  for (const r of added) byMonth.set(r.date.slice(0, 7), (byMonth.get(r.date.slice(0, 7)) ?? 0) + 1);
  const detail = `statement ${fileName.slice(0, 200)} filed`;
  for (const [month, n] of [...byMonth].sort())
    await recordChange(tx, {
      clientId: account.clientId,
      accountId: account.id,
      month,
      kind: 'file',
      actor,
      at: now,
      rows: n,
      detail,
    });
  await withdrawApprovals(tx, account.clientId, byMonth.keys(), actor, now, detail);
}

/**
 * What a person read and taught on their own comes with them into the office they join (decision
 * 057, round four): their Tally companies and their taught layouts and sheet mappings, which the
 * office's screens and drop read under the office's id, are copied there (never moved: the person's
 * own stay theirs for when they leave). What the office already has wins: a company of the same name,
 * a layout of the same bank and shape. Books, clients and pages are not carried (054: a joiner's own
 * clients stay theirs, out of sight until they leave). Migration 0022 did the same once for the
 * members who joined before.
 */
export async function carryReadingTools(tx: DbOrTx, personId: string, officeId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO tally_companies (user_id, name, name_key, source, snapshot, read_at)
    SELECT ${officeId}::uuid, c.name, c.name_key, c.source, c.snapshot, c.read_at
    FROM tally_companies c
    WHERE c.user_id = ${personId}::uuid
    ON CONFLICT (user_id, name_key) DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO taught_layouts (user_id, name, bank, shape_key, layout, signature, created_at, updated_at)
    SELECT ${officeId}::uuid, l.name, l.bank, l.shape_key, l.layout, l.signature, l.created_at, l.updated_at
    FROM taught_layouts l
    WHERE l.user_id = ${personId}::uuid
      AND NOT EXISTS (SELECT 1 FROM taught_layouts o
        WHERE o.user_id = ${officeId}::uuid AND o.bank = l.bank AND o.shape_key = l.shape_key)`);
}
