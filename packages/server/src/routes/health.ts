import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { VERSION } from '../version.ts';

const health: FastifyPluginAsync = async (app) => {
  app.get('/health', async () => {
    await app.bahi.db.execute(sql`select 1`);
    return { ok: true, db: app.bahi.dbKind, version: VERSION };
  });
};
export default health;
