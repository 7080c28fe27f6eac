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
  }
}

export type AuthUser = {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  role: 'user' | 'admin';
  /** The sign-in this token belongs to; renewals keep it (undefined for tokens from before sessions). */
  session?: Session;
};
