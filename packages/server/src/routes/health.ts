import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@bahi/contract';
import { serve } from '../endpoints.ts';
import { VERSION } from '../version.ts';

const health: FastifyPluginAsync = async (app) => {
  serve(app, ENDPOINTS.health, async () => {
    await app.bahi.db.execute(sql`select 1`);
    return { ok: true as const, db: app.bahi.dbKind, version: VERSION };
  });
};
export default health;
