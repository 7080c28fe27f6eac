// The office's team (issue 35, decision 054): members and roles, invitations mailed with a
// one-time code, clients assigned to accountants; a client's months approved by a reviewer, and the
// client's trail of changes. The office is its owner's account (office/team-tables.ts).
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, INVITATION_DAYS, ROLE_NAMES, type TeamMember } from '@bahi/contract';
import { requireUser } from '../auth/guards.ts';
import { forgetSignIns } from '../auth/sign-in-cache.ts';
import { hashCode, MAX_TRIES_PER_CODE, newCode } from '../auth/otp.ts';
import { userById } from '../auth/users.ts';
import type { DbOrTx } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { serve } from '../endpoints.ts';
import { badRequest, HttpError, notFound, tooMany } from '../errors.ts';
import { officeClients } from '../office/tables.ts';
import {
  carryReadingTools,
  approvalRequired,
  approveMonth,
  clientFor,
  requireOwner,
  withdrawApprovals,
  actorOf,
} from '../office/team.ts';
import {
  bookChanges,
  clientAssignments,
  monthApprovals,
  officeInvitations,
  officeMembers,
} from '../office/team-tables.ts';
import { idParam } from './params.ts';

/** More than any office employs; stops a script from mailing the world. */
const MAX_MEMBERS = 100;
const MAX_OPEN_INVITATIONS = 50;
/** The trail the client page shows at once. */
const TRAIL_LIMIT = 500;

const officeNameOf = (owner: { name: string; email: string }) => `${owner.name || owner.email}’s office`;

/** Invitation codes are salted with the invitation's id, as sign-in codes are with the user's. */
const inviteHash = (secret: string, id: string, code: string) => hashCode(secret, `invite:${id}`, code);

export const WRONG_INVITATION_CODE =
  'That code does not open this invitation. Check the mail, or ask the office for a new invitation.';

async function membersOf(db: DbOrTx, officeId: string): Promise<TeamMember[]> {
  const owner = await userById(db, officeId);
  const rows = await db
    .select({
      userId: officeMembers.userId,
      role: officeMembers.role,
      joinedAt: officeMembers.joinedAt,
      name: users.name,
      email: users.email,
    })
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(eq(officeMembers.officeId, officeId))
    .orderBy(asc(users.name));
  const assigned = rows.length
    ? await db
        .select({ userId: clientAssignments.userId, clientId: clientAssignments.clientId })
        .from(clientAssignments)
        .where(
          inArray(
            clientAssignments.userId,
            rows.map((r) => r.userId),
          ),
        )
    : [];
  return [
    ...(owner
      ? [
          {
            user_id: owner.id,
            name: owner.name,
            email: owner.email,
            role: 'owner' as const,
            client_ids: [],
            joined_at: owner.createdAt.toISOString(),
          },
        ]
      : []),
    ...rows.map((r) => ({
      user_id: r.userId,
      name: r.name,
      email: r.email,
      role: r.role,
      client_ids: assigned.filter((a) => a.userId === r.userId).map((a) => a.clientId),
      joined_at: r.joinedAt.toISOString(),
    })),
  ];
}

/** The office's member `id` (not the owner), 404 otherwise. */
async function memberOf(db: DbOrTx, officeId: string, id: string) {
  const [m] = await db
    .select()
    .from(officeMembers)
    .where(and(eq(officeMembers.userId, id), eq(officeMembers.officeId, officeId)));
  if (!m) throw notFound('No such member.');
  return m;
}

const team: FastifyPluginAsync = async (app) => {
  const ctx = app.bahi;
  const { db } = ctx;
  app.addHook('preHandler', requireUser);

  serve(app, ENDPOINTS.team, async (request) => {
    const office = request.office;
    const owner = await userById(db, office.id);
    const now = ctx.now();
    // Invitations to this person's e-mail, from any office (not their own).
    const received = await db
      .select({
        id: officeInvitations.id,
        role: officeInvitations.role,
        expiresAt: officeInvitations.expiresAt,
        name: users.name,
        email: users.email,
      })
      .from(officeInvitations)
      .innerJoin(users, eq(users.id, officeInvitations.officeId))
      .where(and(eq(officeInvitations.email, request.user.email), gt(officeInvitations.expiresAt, now)))
      .orderBy(desc(officeInvitations.createdAt));
    const isOwner = office.role === 'owner';
    const invitations = isOwner
      ? await db
          .select()
          .from(officeInvitations)
          .where(and(eq(officeInvitations.officeId, office.id), gt(officeInvitations.expiresAt, now)))
          .orderBy(desc(officeInvitations.createdAt))
      : [];
    return {
      office_name: owner ? officeNameOf(owner) : '',
      role: office.role,
      approval_required: await approvalRequired(db, office.id),
      // Members see who they work with; only the owner sees assignments and invitations.
      members: (await membersOf(db, office.id)).map((m) => (isOwner ? m : { ...m, client_ids: [] })),
      invitations: invitations.map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        created_at: i.createdAt.toISOString(),
        expires_at: i.expiresAt.toISOString(),
      })),
      received: received
        .filter((r) => r.email !== request.user.email)
        .map((r) => ({
          id: r.id,
          office_name: officeNameOf(r),
          role: r.role,
          expires_at: r.expiresAt.toISOString(),
        })),
    };
  });

  serve(app, ENDPOINTS.invite, async (request, _reply, body) => {
    requireOwner(request.office);
    const officeId = request.office.id;
    const now = ctx.now();
    if (body.email === request.user.email) throw badRequest('You are the office’s owner already.');
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(officeMembers)
      .where(eq(officeMembers.officeId, officeId));
    if (Number(n) >= MAX_MEMBERS) throw badRequest(`An office has at most ${MAX_MEMBERS} members.`);
    const [invitee] = await db
      .select({ id: users.id, office: officeMembers.officeId })
      .from(users)
      .leftJoin(officeMembers, eq(officeMembers.userId, users.id))
      .where(eq(users.email, body.email));
    if (invitee?.office === officeId) throw badRequest('This person works in your office already.');
    const open = await db
      .select({ id: officeInvitations.id, email: officeInvitations.email })
      .from(officeInvitations)
      .where(and(eq(officeInvitations.officeId, officeId), gt(officeInvitations.expiresAt, now)));
    if (open.length >= MAX_OPEN_INVITATIONS && !open.some((o) => o.email === body.email))
      throw tooMany(`At most ${MAX_OPEN_INVITATIONS} invitations can wait at once: cancel some first.`);
    // A new invitation to the same address replaces the old one (and its code).
    await db
      .delete(officeInvitations)
      .where(and(eq(officeInvitations.officeId, officeId), eq(officeInvitations.email, body.email)));
    const code = newCode();
    const [inv] = await db
      .insert(officeInvitations)
      .values({
        officeId,
        email: body.email,
        role: body.role,
        codeHash: '',
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 3600_000),
        createdAt: now,
      })
      .returning();
    await db
      .update(officeInvitations)
      .set({ codeHash: inviteHash(ctx.config.jwtSecret, inv.id, code) })
      .where(eq(officeInvitations.id, inv.id));
    const owner = await userById(db, officeId);
    try {
      await ctx.mailer.sendInvitation(body.email, {
        officeName: owner ? officeNameOf(owner) : 'A Bahi office',
        role: ROLE_NAMES[body.role].toLowerCase(),
        code,
        days: INVITATION_DAYS,
      });
    } catch (err) {
      await db.delete(officeInvitations).where(eq(officeInvitations.id, inv.id));
      request.log.error({ err: String(err) }, 'sending the invitation mail failed');
      throw new HttpError(
        'UPSTREAM',
        'We could not send the invitation e-mail. Please try again in a minute.',
      );
    }
    request.log.info({ invitation: inv.id, role: body.role }, 'invitation sent');
    return {
      id: inv.id,
      email: inv.email,
      role: inv.role,
      created_at: inv.createdAt.toISOString(),
      expires_at: inv.expiresAt.toISOString(),
    };
  });

  serve(app, ENDPOINTS.cancelInvitation, async (request) => {
    requireOwner(request.office);
    const gone = await db
      .delete(officeInvitations)
      .where(
        and(
          eq(officeInvitations.id, idParam(request, 'invitation')),
          eq(officeInvitations.officeId, request.office.id),
        ),
      )
      .returning({ id: officeInvitations.id });
    if (gone.length === 0) throw notFound('No such invitation.');
    return { ok: true };
  });

  /**
   * Joins the office of an invitation to the signed-in person's e-mail with its code. The e-mail
   * must be verified (the sign-up code proved it): the invitation is for whoever reads that mailbox.
   */
  serve(app, ENDPOINTS.joinOffice, async (request, _reply, body) => {
    const me = await userById(db, request.user.id);
    if (!me) throw notFound('No such invitation.');
    const now = ctx.now();
    const outcome = await db.transaction(async (tx) => {
      const [inv] = await tx
        .select()
        .from(officeInvitations)
        .where(and(eq(officeInvitations.id, body.invitation_id), eq(officeInvitations.email, me.email)))
        .for('update');
      if (!inv || inv.expiresAt <= now || inv.tries >= MAX_TRIES_PER_CODE)
        return { ok: false as const, detail: 'This invitation has expired. Ask the office for a new one.' };
      if (inv.codeHash !== inviteHash(ctx.config.jwtSecret, inv.id, body.code)) {
        await tx
          .update(officeInvitations)
          .set({ tries: sql`${officeInvitations.tries} + 1` })
          .where(eq(officeInvitations.id, inv.id));
        return { ok: false as const, detail: WRONG_INVITATION_CODE };
      }
      if (!me.emailVerified)
        return {
          ok: false as const,
          detail: 'Verify your e-mail address first (the code mailed at sign-up).',
        };
      if (inv.officeId === me.id) return { ok: false as const, detail: 'This is your own office.' };
      // An owner with a team keeps it: one office a person.
      const [team] = await tx
        .select({ userId: officeMembers.userId })
        .from(officeMembers)
        .where(eq(officeMembers.officeId, me.id))
        .limit(1);
      if (team)
        return {
          ok: false as const,
          detail: 'You own an office with members: remove them before you join another office.',
        };
      await tx
        .insert(officeMembers)
        .values({ userId: me.id, officeId: inv.officeId, role: inv.role, joinedAt: now })
        .onConflictDoUpdate({
          target: officeMembers.userId,
          set: { officeId: inv.officeId, role: inv.role, joinedAt: now },
        });
      // Assignments from an office left before are not this office's.
      await tx.delete(clientAssignments).where(eq(clientAssignments.userId, me.id));
      // The companies read and layouts taught on one's own come along (copies, decision 057).
      await carryReadingTools(tx, me.id, inv.officeId);
      await tx.delete(officeInvitations).where(eq(officeInvitations.id, inv.id));
      return { ok: true as const, officeId: inv.officeId, role: inv.role };
    });
    // (a member's office and role are the guard's: this process's next call reads them)
    if (outcome.ok) forgetSignIns(ctx.db);
    if (!outcome.ok) throw badRequest(outcome.detail);
    const owner = await userById(db, outcome.officeId);
    request.log.info({ office: outcome.officeId, role: outcome.role }, 'joined an office');
    return { ok: true, office_name: owner ? officeNameOf(owner) : '', role: outcome.role };
  });

  serve(app, ENDPOINTS.setMemberRole, async (request, _reply, { role }) => {
    requireOwner(request.office);
    const m = await memberOf(db, request.office.id, idParam(request, 'member'));
    await db.update(officeMembers).set({ role }).where(eq(officeMembers.userId, m.userId));
    forgetSignIns(ctx.db);
    // A reviewer works on no client's books: assignments are an accountant's.
    if (role !== 'accountant')
      await db.delete(clientAssignments).where(eq(clientAssignments.userId, m.userId));
    return { ok: true };
  });

  /** A member removed loses access at once: the membership goes and every session of theirs ends. */
  serve(app, ENDPOINTS.removeMember, async (request) => {
    requireOwner(request.office);
    const m = await memberOf(db, request.office.id, idParam(request, 'member'));
    await db.transaction(async (tx) => {
      await tx.delete(clientAssignments).where(eq(clientAssignments.userId, m.userId));
      await tx.delete(officeMembers).where(eq(officeMembers.userId, m.userId));
      // As "sign out everywhere" does: tokens issued before now are refused (auth/guards.ts).
      await tx.update(users).set({ tokensValidAfter: ctx.now() }).where(eq(users.id, m.userId));
    });
    forgetSignIns(ctx.db);
    request.log.info({ member: m.userId }, 'member removed');
    return { ok: true };
  });

  serve(app, ENDPOINTS.assignClients, async (request, _reply, { client_ids }) => {
    requireOwner(request.office);
    const m = await memberOf(db, request.office.id, idParam(request, 'member'));
    if (m.role !== 'accountant') throw badRequest('Clients are assigned to accountants.');
    const ids = [...new Set(client_ids.map((c) => c.toLowerCase()))];
    const own = ids.length
      ? await db
          .select({ id: officeClients.id })
          .from(officeClients)
          .where(and(eq(officeClients.userId, request.office.id), inArray(officeClients.id, ids)))
      : [];
    if (own.length !== ids.length) throw notFound('No such client.');
    await db.transaction(async (tx) => {
      await tx.delete(clientAssignments).where(eq(clientAssignments.userId, m.userId));
      if (ids.length)
        await tx
          .insert(clientAssignments)
          .values(ids.map((clientId) => ({ clientId, userId: m.userId, assignedAt: ctx.now() })));
    });
    return { ok: true };
  });

  // ---- a client's months and trail ----

  serve(app, ENDPOINTS.clientActivity, async (request) => {
    const c = await clientFor(db, request, idParam(request, 'client'), 'see');
    const approvals = await db
      .select()
      .from(monthApprovals)
      .where(eq(monthApprovals.clientId, c.id))
      .orderBy(asc(monthApprovals.month));
    const changes = await db
      .select()
      .from(bookChanges)
      .where(eq(bookChanges.clientId, c.id))
      .orderBy(desc(bookChanges.at), desc(bookChanges.id))
      .limit(TRAIL_LIMIT);
    return {
      role: request.office.role,
      approval_required: await approvalRequired(db, request.office.id),
      approvals: approvals.map((a) => ({
        month: a.month,
        approved_by: a.approvedByName,
        approved_at: a.approvedAt.toISOString(),
      })),
      changes: changes.map((ch) => ({
        id: ch.id,
        kind: ch.kind,
        account_id: ch.accountId,
        month: ch.month,
        actor: ch.actorName,
        at: ch.at.toISOString(),
        rows: ch.rows,
        detail: ch.detail,
      })),
    };
  });

  serve(app, ENDPOINTS.approveMonth, async (request, _reply, { month, approved }) => {
    const c = await clientFor(db, request, idParam(request, 'client'), 'approve');
    if (!approved) {
      await db.transaction((tx) =>
        withdrawApprovals(tx, c.id, [month], actorOf(request), ctx.now(), 'approval withdrawn'),
      );
      return { ok: true, approved: false };
    }
    await db.transaction((tx) => approveMonth(tx, c.id, month, actorOf(request), ctx.now()));
    return { ok: true, approved: true };
  });
};

export default team;
