import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@bahi/contract';
import { serve } from '../endpoints.ts';
import { errorFields } from '../db/index.ts';
import { DATABASE_DOWN, unavailable } from '../errors.ts';
import { VERSION } from '../version.ts';

const health: FastifyPluginAsync = async (app) => {
  serve(app, ENDPOINTS.health, async (request) => {
    // The database down is this server not working: 503, so a load balancer or a monitor sees it,
    // while the process itself stays up and answers again once the database is back.
    try {
      await app.bahi.db.execute(sql`select 1`);
    } catch (err) {
      request.log.warn({ err: errorFields(err) }, 'health: the database is not reachable');
      throw unavailable(DATABASE_DOWN);
    }
    return { ok: true as const, db: app.bahi.dbKind, version: VERSION };
  });
};
export default health;
