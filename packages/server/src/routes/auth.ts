import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '@bahi/contract';
import { requireFreshUser, requireUser } from '../auth/guards.ts';
import { forgetSignIns } from '../auth/sign-in-cache.ts';
import {
  checkCode,
  claimSendSlot,
  consumeResetPermission,
  issueCode,
  purposeToResend,
  RESET_REFUSED,
  waitDetail,
} from '../auth/otp.ts';
import { claimPasswordTry, clearFailures, passwordKey } from '../auth/failures.ts';
import { checkPassword, hashPassword } from '../auth/passwords.ts';
import { assertStrongPassword } from '../auth/password-policy.ts';
import {
  applyAdminList,
  limitAddress,
  profileOf,
  signedInUser,
  tokenFor,
  tokenShowing,
  userByEmail,
} from '../auth/users.ts';
import type { AppContext } from '../context.ts';
import { grantPages } from '../credits.ts';
import { uniqueViolation } from '../db/index.ts';
import { otpCodes, revokedSessions, users, type UserRow } from '../db/schema.ts';
import { SESSION_MAX_SECONDS } from '../auth/tokens.ts';
import { serve } from '../endpoints.ts';
import { HttpError, badRequest, forbidden, tooMany, unauthorized } from '../errors.ts';

export const PHONE_TAKEN = 'User with this phone number already exists';
const EMAIL_TAKEN = 'User with this email already exists';
const NOT_VERIFIED = 'Please verify your e-mail before signing in.';
const BAD_LOGIN = 'Incorrect email or password';
export const passwordWaitDetail = (seconds: number) =>
  `Too many wrong passwords for this account. Please wait ${seconds} seconds, or reset your password.`;
/** An e-mail that is never verified stops holding its address and phone after this long. */
const UNVERIFIED_TTL_MS = 24 * 3600_000;

/**
 * Removes sign-ups that were never verified within UNVERIFIED_TTL_MS (and never linked to Google),
 * so a stranger who signs up with someone else's e-mail or phone holds it for a day at most.
 */
async function purgeStaleSignups(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - UNVERIFIED_TTL_MS);
  await ctx.db
    .delete(users)
    .where(and(eq(users.emailVerified, false), isNull(users.googleSub), lt(users.createdAt, cutoff)));
  forgetSignIns(ctx.db);
}

/** Sends a code; a mail failure is logged and answered 502 so the user knows to press Resend. */
async function sendCode(
  ctx: AppContext,
  user: UserRow,
  purpose: 'signup' | 'reset',
  log: { error: (o: object, m: string) => void },
) {
  const code = await issueCode(ctx.db, ctx.config.jwtSecret, user.id, purpose, ctx.now());
  try {
    await ctx.mailer.sendCode(user.email, code, purpose);
  } catch (err) {
    log.error({ err: String(err) }, 'sending the code mail failed');
    throw new HttpError('UPSTREAM', 'We could not send the code e-mail. Please try Resend in a minute.');
  }
}

/** Creates an account with the signup pages; maps unique violations to the spec's messages. */
async function createUser(
  ctx: AppContext,
  values: {
    name: string;
    email: string;
    phone: string | null;
    passwordHash: string | null;
    emailVerified: boolean;
    googleSub?: string;
  },
): Promise<UserRow> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          ...values,
          // Only a proven address becomes admin (an unverified sign-up proves nothing).
          role: values.emailVerified && ctx.config.adminEmails.includes(values.email) ? 'admin' : 'user',
          createdAt: ctx.now(),
          tokensValidAfter: ctx.now(),
        })
        .returning();
      if (ctx.config.signupPages > 0) {
        user.pagesLeft = await grantPages(tx, user.id, ctx.config.signupPages, 'grant', 'signup');
      }
      return user;
    });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint?.includes('phone')) throw badRequest(PHONE_TAKEN);
    if (constraint?.includes('email')) throw badRequest(EMAIL_TAKEN);
    throw err;
  }
}

const auth: FastifyPluginAsync = async (app) => {
  const ctx = app.bahi;
  // Counted before the body is read, so a malformed request counts against the address too.
  const limited = (bucket: string, limit: Parameters<typeof limitAddress>[2]) => ({
    preHandler: async (request: FastifyRequest) => limitAddress(request, bucket, limit),
  });

  serve(
    app,
    ENDPOINTS.signUp,
    async (request, _reply, body) => {
      assertStrongPassword(body.password, { email: body.email, name: body.name });
      await purgeStaleSignups(ctx);
      const [phoneOwner] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phone, body.phone));
      if (phoneOwner) throw badRequest(PHONE_TAKEN);
      if (await userByEmail(ctx.db, body.email)) throw badRequest(EMAIL_TAKEN);
      const user = await createUser(ctx, {
        name: body.name,
        email: body.email,
        phone: body.phone,
        passwordHash: await hashPassword(body.password),
        emailVerified: false,
      });
      await sendCode(ctx, user, 'signup', request.log);
      return { ok: true };
    },
    limited('signup', ctx.limits.signup),
  );

  // forgot-password and send-otp share one send slot per e-mail address (docs/decisions/001):
  // a second ask within 50 s is 429 with the seconds, for unknown addresses too.
  const claimSlot = async (email: string) => {
    const wait = await claimSendSlot(ctx.db, email, ctx.now());
    if (wait > 0) throw tooMany(waitDetail(wait));
  };

  serve(
    app,
    ENDPOINTS.sendOtp,
    async (request, _reply, { email }) => {
      await claimSlot(email);
      const user = await userByEmail(ctx.db, email);
      // Unknown e-mails, and accounts with nothing to send, get the same answer: no enumeration.
      if (!user) return { ok: true };
      const purpose = await purposeToResend(ctx.db, user, ctx.now());
      if (purpose) await sendCode(ctx, user, purpose, request.log);
      return { ok: true };
    },
    limited('send-code', ctx.limits.sendCode),
  );

  serve(
    app,
    ENDPOINTS.verifyOtp,
    async (request, _reply, { email, otp }) => {
      const user = await userByEmail(ctx.db, email);
      if (!user) throw badRequest('Invalid or expired code. Please check it or ask for a new one.');
      const outcome = await checkCode(ctx.db, ctx.config.jwtSecret, user.id, otp, ctx.now(), request.ip);
      // Only the caller who proved the reset code gets the token reset-password requires.
      return outcome.purpose === 'reset'
        ? { ok: true, purpose: outcome.purpose, reset_token: outcome.resetToken }
        : { ok: true, purpose: outcome.purpose };
    },
    limited('verify-code', ctx.limits.verifyCode),
  );

  serve(
    app,
    ENDPOINTS.signIn,
    async (_request, _reply, body) => {
      // Per account (by e-mail, known or not, so the wait reveals nothing), on top of per address.
      // The try is claimed (counted) before the password is checked, so guesses sent together
      // cannot all pass the delay (issue 33); a right password clears the count.
      const wait = await claimPasswordTry(ctx.db, body.username, ctx.now());
      if (wait > 0) throw tooMany(passwordWaitDetail(wait));
      const found = await userByEmail(ctx.db, body.username);
      if (!(await checkPassword(found?.passwordHash, body.password)) || !found) throw unauthorized(BAD_LOGIN);
      await clearFailures(ctx.db, passwordKey(body.username));
      if (!found.emailVerified) throw forbidden(NOT_VERIFIED);
      const user = await applyAdminList(ctx, found);
      return { access_token: await tokenFor(ctx, user), token_type: 'bearer' };
    },
    limited('login', ctx.limits.login),
  );

  serve(
    app,
    ENDPOINTS.googleSignIn,
    async (request, _reply, { token }) => {
      if (!ctx.google) throw badRequest('Google sign-in is not configured on this server.');
      let identity;
      try {
        identity = await ctx.google(token);
      } catch (err) {
        throw new HttpError(
          'NOT_SIGNED_IN',
          'Google sign-in failed: the token is not valid.',
          `google token refused: ${String(err)}`,
        );
      }
      if (!identity.emailVerified) throw badRequest('Your Google account e-mail is not verified.');
      let [user] = await ctx.db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
      if (!user) {
        const byEmail = await userByEmail(ctx.db, identity.email);
        if (byEmail) {
          if (byEmail.googleSub) throw badRequest('This e-mail is linked to another Google account.');
          // An unverified account was made by whoever typed this e-mail, not necessarily its owner:
          // the owner proven by Google gets it without that person's password, and every token
          // issued before now is refused.
          const proven = byEmail.emailVerified
            ? { googleSub: identity.sub }
            : {
                googleSub: identity.sub,
                emailVerified: true,
                // nor the stranger's name and phone (issue 33): the owner's name, as Google says it
                name: identity.name || byEmail.email.split('@')[0],
                phone: null,
                passwordHash: null,
                tokensValidAfter: ctx.now(),
                resetRequestedAt: null,
              };
          [user] = await ctx.db.update(users).set(proven).where(eq(users.id, byEmail.id)).returning();
          forgetSignIns(ctx.db);
          if (!byEmail.emailVerified) {
            await ctx.db.delete(otpCodes).where(eq(otpCodes.userId, byEmail.id));
            request.log.warn('google sign-in took over an unverified sign-up: its password was dropped');
          }
        } else {
          user = await createUser(ctx, {
            name: identity.name,
            email: identity.email,
            phone: null,
            passwordHash: null,
            emailVerified: true,
            googleSub: identity.sub,
          });
        }
      }
      user = await applyAdminList(ctx, user);
      return { access_token: await tokenFor(ctx, user), token_type: 'bearer' };
    },
    limited('login', ctx.limits.login),
  );

  serve(
    app,
    ENDPOINTS.forgotPassword,
    async (request, _reply, { email }) => {
      await claimSlot(email);
      const user = await userByEmail(ctx.db, email);
      // Same answer whether or not the account exists. The request is remembered so the Resend of
      // the verify screen (send-otp) keeps sending reset codes even once this one is used.
      if (user) {
        await ctx.db.update(users).set({ resetRequestedAt: ctx.now() }).where(eq(users.id, user.id));
        await sendCode(ctx, user, 'reset', request.log);
      }
      return { ok: true };
    },
    limited('send-code', ctx.limits.sendCode),
  );

  serve(
    app,
    ENDPOINTS.resetPassword,
    async (request, _reply, body) => {
      const user = await userByEmail(ctx.db, body.email);
      if (!user) throw badRequest(RESET_REFUSED);
      assertStrongPassword(body.new_password, { email: user.email, name: user.name });
      const passwordHash = await hashPassword(body.new_password);
      await ctx.db.transaction(async (tx) => {
        await consumeResetPermission(tx, ctx.config.jwtSecret, user.id, body.reset_token, ctx.now());
        await tx
          .update(users)
          .set({ passwordHash, tokensValidAfter: ctx.now(), resetRequestedAt: null })
          .where(eq(users.id, user.id));
      });
      forgetSignIns(ctx.db);
      // The owner proved the e-mail: wrong passwords tried before (by anyone) no longer hold them back.
      await clearFailures(ctx.db, passwordKey(user.email));
      return { ok: true };
    },
    limited('verify-code', ctx.limits.verifyCode),
  );

  const profile = async (request: { user: { id: string } }) => {
    return profileOf(await signedInUser(ctx.db, request.user.id));
  };
  serve(app, ENDPOINTS.profile, profile, { preHandler: requireUser });
  serve(app, ENDPOINTS.rootProfile, profile, { preHandler: requireUser });

  serve(
    app,
    ENDPOINTS.pages,
    // the balance as the guard read it with the account (one query for the whole call: issue 38),
    // from the database, never the guard's kept answer: a balance just spent or bought shows at once
    async (request) => ({
      page_left: request.user.pagesLeft,
      access_token: await tokenShowing(ctx, request.user, request.user.session),
    }),
    { preHandler: requireFreshUser },
  );

  // Logout: this session's tokens are refused from now on (a token from before sessions, which
  // names none, signs out every device instead).
  serve(
    app,
    ENDPOINTS.logout,
    async (request) => {
      const now = ctx.now();
      const session = request.user.session;
      if (!session) {
        await ctx.db.update(users).set({ tokensValidAfter: now }).where(eq(users.id, request.user.id));
        forgetSignIns(ctx.db);
        return { ok: true };
      }
      await ctx.db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now));
      await ctx.db
        .insert(revokedSessions)
        .values({
          sessionId: session.id,
          userId: request.user.id,
          revokedAt: now,
          expiresAt: new Date(session.signedInAtMs + SESSION_MAX_SECONDS * 1000),
        })
        .onConflictDoNothing();
      // This process's next call of the session reads the database (the guard's kept answer goes).
      forgetSignIns(ctx.db);
      return { ok: true };
    },
    { preHandler: requireUser },
  );
};
export default auth;
