import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ENDPOINTS, HistoryQuery } from '@bahi/contract';
import { requireUser } from '../auth/guards.ts';
import { forgetSignIns } from '../auth/sign-in-cache.ts';
import { claimPasswordTry, clearFailures, passwordKey } from '../auth/failures.ts';
import { checkPassword, hashPassword } from '../auth/passwords.ts';
import { assertStrongPassword } from '../auth/password-policy.ts';
import { limitAddress, profileOf, signedInUser, tokenFor } from '../auth/users.ts';
import { uniqueViolation } from '../db/index.ts';
import { sendDownload } from '../download.ts';
import { extractions, otpCodes, pageLedger, users } from '../db/schema.ts';
import { serve } from '../endpoints.ts';
import { badRequest, tooMany } from '../errors.ts';
import { PHONE_TAKEN, passwordWaitDetail } from './auth.ts';

// Account management (DESIGN: 'Where the specification is silent'). Every query is scoped by the
// signed-in user's id; nothing here takes an id from the request.
const account: FastifyPluginAsync = async (app) => {
  const ctx = app.bahi;
  app.addHook('preHandler', requireUser);

  const me = (id: string) => signedInUser(ctx.db, id);
  // A password check: limited like sign-in (counted before the body is read), so a stolen token is
  // no password oracle.
  const passwordChecked = {
    preHandler: async (request: FastifyRequest) => limitAddress(request, 'login', ctx.limits.login),
  };

  serve(app, ENDPOINTS.accountProfile, async (request) => profileOf(await me(request.user.id)));

  serve(app, ENDPOINTS.updateProfile, async (request, _reply, body) => {
    let updated;
    try {
      [updated] = await ctx.db
        .update(users)
        .set({ name: body.name, phone: body.phone })
        .where(eq(users.id, request.user.id))
        .returning();
    } catch (err) {
      if (uniqueViolation(err)?.includes('phone')) throw badRequest(PHONE_TAKEN);
      throw err;
    }
    forgetSignIns(ctx.db);
    // The name and phone travel in the token, so a fresh one comes back.
    return { ...profileOf(updated), access_token: await tokenFor(ctx, updated, request.user.session) };
  });

  serve(
    app,
    ENDPOINTS.changePassword,
    async (request, _reply, body) => {
      const user = await me(request.user.id);
      if (!user.passwordHash) throw badRequest('This account signs in with Google and has no password.');
      // The same per-account count as sign-in: a stolen token does not buy more guesses.
      const wait = await claimPasswordTry(ctx.db, user.email, ctx.now());
      if (wait > 0) throw tooMany(passwordWaitDetail(wait));
      if (!(await checkPassword(user.passwordHash, body.current_password)))
        throw badRequest('The current password is not correct.');
      await clearFailures(ctx.db, passwordKey(user.email));
      assertStrongPassword(body.new_password, { email: user.email, name: user.name });
      const now = ctx.now();
      const [updated] = await ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword(body.new_password), tokensValidAfter: now })
        .where(eq(users.id, user.id))
        .returning();
      forgetSignIns(ctx.db);
      // Other devices are signed out; this one gets a token issued now.
      return { ok: true, access_token: await tokenFor(ctx, updated) };
    },
    passwordChecked,
  );

  serve(app, ENDPOINTS.logoutAll, async (request) => {
    await ctx.db.update(users).set({ tokensValidAfter: ctx.now() }).where(eq(users.id, request.user.id));
    forgetSignIns(ctx.db);
    return { ok: true };
  });

  serve(app, ENDPOINTS.exportAccount, async (request, reply) => {
    const user = await me(request.user.id);
    const [ledger, extracted, codes] = await Promise.all([
      ctx.db.select().from(pageLedger).where(eq(pageLedger.userId, user.id)).orderBy(pageLedger.createdAt),
      ctx.db.select().from(extractions).where(eq(extractions.userId, user.id)).orderBy(extractions.createdAt),
      ctx.db
        .select({
          purpose: otpCodes.purpose,
          created_at: otpCodes.createdAt,
          expires_at: otpCodes.expiresAt,
          used_at: otpCodes.usedAt,
        })
        .from(otpCodes)
        .where(eq(otpCodes.userId, user.id)),
    ]);
    const data = {
      exported_at: ctx.now().toISOString(),
      account: {
        ...profileOf(user),
        email_verified: user.emailVerified,
        has_password: Boolean(user.passwordHash),
        google_linked: Boolean(user.googleSub),
        tokens_valid_after: user.tokensValidAfter.toISOString(),
      },
      page_ledger: ledger.map(ledgerRow),
      extractions: extracted.map(extractionRow),
      one_time_codes: codes,
    };
    return sendDownload(reply, 'bahi-my-data.json', 'application/json; charset=utf-8', JSON.stringify(data));
  });

  serve(
    app,
    ENDPOINTS.deleteAccount,
    async (request, _reply, body) => {
      const user = await me(request.user.id);
      if (user.passwordHash) {
        const wait = await claimPasswordTry(ctx.db, user.email, ctx.now());
        if (wait > 0) throw tooMany(passwordWaitDetail(wait));
      }
      const confirmed = user.passwordHash
        ? await checkPassword(user.passwordHash, body.password ?? '')
        : (body.email ?? '').trim().toLowerCase() === user.email;
      if (!confirmed) {
        throw badRequest(
          user.passwordHash ? 'The password is not correct.' : 'Type your e-mail address to confirm.',
        );
      }
      // Codes, ledger and extractions go with the user (ON DELETE CASCADE).
      await ctx.db.delete(users).where(eq(users.id, user.id));
      forgetSignIns(ctx.db);
      request.log.info('account deleted');
      return { ok: true };
    },
    passwordChecked,
  );

  serve(app, ENDPOINTS.history, async (request) => {
    const { page, page_size } = HistoryQuery.parse(request.query);
    const offset = (page - 1) * page_size;
    const id = request.user.id;
    const [ledger, [ledgerTotal], extracted, [extractionsTotal]] = await Promise.all([
      ctx.db
        .select()
        .from(pageLedger)
        .where(eq(pageLedger.userId, id))
        .orderBy(desc(pageLedger.createdAt), desc(pageLedger.id))
        .limit(page_size)
        .offset(offset),
      ctx.db.select({ n: count() }).from(pageLedger).where(eq(pageLedger.userId, id)),
      ctx.db
        .select()
        .from(extractions)
        .where(eq(extractions.userId, id))
        .orderBy(desc(extractions.createdAt), desc(extractions.id))
        .limit(page_size)
        .offset(offset),
      ctx.db.select({ n: count() }).from(extractions).where(eq(extractions.userId, id)),
    ]);
    return {
      page,
      page_size,
      ledger: ledger.map(ledgerRow),
      ledger_total: Number(ledgerTotal.n),
      extractions: extracted.map(extractionRow),
      extractions_total: Number(extractionsTotal.n),
    };
  });
};

const ledgerRow = (r: typeof pageLedger.$inferSelect) => ({
  id: r.id,
  kind: r.kind,
  pages: r.pages,
  ref: r.ref,
  created_at: r.createdAt.toISOString(),
});

const extractionRow = (r: typeof extractions.$inferSelect) => ({
  id: r.id,
  file_name: r.fileName,
  bank: r.bank,
  pages: r.pages,
  rows: r.rows,
  created_at: r.createdAt.toISOString(),
});

export default account;
