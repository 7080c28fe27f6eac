import type { Config } from './config.ts';
import type { Db, DbKind } from './db/index.ts';
import type { Mailer } from './mail.ts';
import type { GoogleVerifier } from './auth/google.ts';
import type { RateLimits } from './rate-limit.ts';
import type { Session } from './auth/tokens.ts';

/** What every route reaches through `request.server.bahi` (decorated once in buildApp). */
export type AppContext = {
  config: Config;
  db: Db;
  dbKind: DbKind;
  mailer: Mailer;
  google: GoogleVerifier | undefined;
  limits: RateLimits;
  /** The clock; tests move it. */
  now: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    bahi: AppContext;
  }
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin. */
    user: AuthUser;
    /** Set by requireUser: the office the user works in and their role there (issue 35). */
    office: OfficeAccess;
  }
}

export type AuthUser = {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  role: 'user' | 'admin';
  /** Pages they may spend as the guard read them: the office's for a member (users.ts withOfficePages). */
  pagesLeft: number;
  /** The sign-in this token belongs to; renewals keep it (undefined for tokens from before sessions). */
  session?: Session;
};

/**
 * The office a signed-in person works in: its id is the owner's user id (a single user's own), and
 * their role in it. Office data (clients, books, pushes) is scoped by `id`; the person is request.user.
 */
export type OfficeAccess = { id: string; role: 'owner' | 'accountant' | 'reviewer' };
