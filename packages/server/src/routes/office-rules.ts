// Rules across clients (issue 35, decision 055): copy a client's rules to another; the office's own
// rule set, made from a client's rules, that any client can take.
import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@bahi/contract';
import { requireUser } from '../auth/guards.ts';
import { serve } from '../endpoints.ts';
import { badRequest } from '../errors.ts';
import {
  appendRules,
  copyClientRules,
  loadOfficeRules,
  ruleInfo,
  setOfficeRulesFrom,
} from '../office/rule-copy.ts';
import { actorOf, clientFor } from '../office/team.ts';
import { idParam } from './params.ts';

const officeRulesRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.bahi;
  const { db } = ctx;
  app.addHook('preHandler', requireUser);

  serve(app, ENDPOINTS.copyClientRules, async (request, _reply, body) => {
    const to = await clientFor(db, request, idParam(request, 'client'), 'work');
    const from = await clientFor(db, request, body.from_client_id, 'see');
    if (from.id === to.id) throw badRequest('Choose another client to copy the rules from.');
    return copyClientRules(db, request.office.id, from.id, to.id, ctx.now(), {
      actor: actorOf(request),
      detail: `rules copied from ${from.name}`,
    });
  });

  serve(app, ENDPOINTS.officeRuleSet, async (request) => ({
    rules: (await loadOfficeRules(db, request.office.id)).map(ruleInfo),
  }));

  // The office's set is no client's book: making it changes no row and withdraws nothing (decision 057).
  serve(app, ENDPOINTS.setOfficeRuleSet, async (request, _reply, body) => {
    const from = await clientFor(db, request, body.from_client_id, 'work');
    return {
      rules: (await setOfficeRulesFrom(db, request.office.id, from.id, ctx.now())).map(ruleInfo),
    };
  });

  serve(app, ENDPOINTS.takeOfficeRuleSet, async (request) => {
    const to = await clientFor(db, request, idParam(request, 'client'), 'work');
    const rules = await loadOfficeRules(db, request.office.id);
    return appendRules(db, request.office.id, to.id, rules, ctx.now(), {
      actor: actorOf(request),
      detail: 'the office’s rule set taken',
    });
  });
};

export default officeRulesRoutes;
