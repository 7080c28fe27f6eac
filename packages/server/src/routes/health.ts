import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@bahi/contract';
import { DatabaseProbe } from '../db/probe.ts';
import { serve } from '../endpoints.ts';
import { DATABASE_DOWN, unavailable } from '../errors.ts';
import { VERSION } from '../version.ts';

const health: FastifyPluginAsync = async (app) => {
  // The database down is this server not working: 503, so a load balancer or a monitor sees it,
  // while the process itself stays up and answers again once the database is back. The answer is
  // at most two probes old (db/probe.ts), so a busy database does not make health slow.
  const probe = new DatabaseProbe(() => app.bahi.db.execute(sql`select 1`));
  probe.start();
  app.addHook('onClose', async () => probe.stop());
  let wasDown = false;
  serve(app, ENDPOINTS.health, async (request) => {
    const ok = await probe.healthy();
    if (ok !== !wasDown) {
      wasDown = !ok;
      if (ok) request.log.info('health: the database is reachable again');
      else request.log.warn('health: the database is not reachable');
    }
    if (!ok) throw unavailable(DATABASE_DOWN);
    return { ok: true as const, db: app.bahi.dbKind, version: VERSION };
  });
};
export default health;
