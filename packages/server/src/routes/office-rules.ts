// Rules across clients (issue 35, decision 055): copy a client's rules to another; the office's own
// rule set, made from a client's rules, that any client can take.
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@bahi/contract';
import { requireUser } from '../auth/guards.ts';
import type { Db } from '../db/index.ts';
import { serve } from '../endpoints.ts';
import { badRequest, notFound } from '../errors.ts';
import {
  appendRules,
  copyClientRules,
  loadOfficeRules,
  officeRuleInfo,
  setOfficeRulesFrom,
} from '../office/rule-copy.ts';
import { officeClients } from '../office/tables.ts';
import { idParam } from './params.ts';

async function ownClient(db: Db, userId: string, id: string) {
  const [c] = await db
    .select({ id: officeClients.id })
    .from(officeClients)
    .where(and(eq(officeClients.id, id), eq(officeClients.userId, userId)));
  if (!c) throw notFound('No such client.');
  return c;
}

const officeRulesRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.bahi;
  const { db } = ctx;
  app.addHook('preHandler', requireUser);

  serve(app, ENDPOINTS.copyClientRules, async (request, _reply, body) => {
    const to = await ownClient(db, request.user.id, idParam(request, 'client'));
    const from = await ownClient(db, request.user.id, body.from_client_id);
    if (from.id === to.id) throw badRequest('Choose another client to copy the rules from.');
    return copyClientRules(db, request.user.id, from.id, to.id, ctx.now());
  });

  serve(app, ENDPOINTS.officeRuleSet, async (request) => ({
    rules: (await loadOfficeRules(db, request.user.id)).map(officeRuleInfo),
  }));

  serve(app, ENDPOINTS.setOfficeRuleSet, async (request, _reply, body) => {
    const from = await ownClient(db, request.user.id, body.from_client_id);
    return { rules: (await setOfficeRulesFrom(db, request.user.id, from.id, ctx.now())).map(officeRuleInfo) };
  });

  serve(app, ENDPOINTS.takeOfficeRuleSet, async (request) => {
    const to = await ownClient(db, request.user.id, idParam(request, 'client'));
    const rules = await loadOfficeRules(db, request.user.id);
    return appendRules(db, request.user.id, to.id, rules, ctx.now());
  });
};

export default officeRulesRoutes;
