import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, RuleSetName, type RuleSetRules } from '@bahi/contract';
import { DEFAULT_RULE_SET_NAME } from '@bahi/core';
import { requireUser } from '../auth/guards.ts';
import { ruleSets } from '../billing/tables.ts';
import type { Db } from '../db/index.ts';
import { serve } from '../endpoints.ts';
import { badRequest } from '../errors.ts';

// Chunking rule sets (spec sections 2, 5 and 7; issue 6). They belong to the signed-in user: every
// query is scoped by the user's id. 'default' always exists (empty until saved).

/** More named sets than anyone keeps; stops a script from filling the table. */
const MAX_RULE_SETS_PER_USER = 200;

/** A user's rules of the set `name`, or null when there is no such set ('default' is always {}). */
export async function loadRuleSet(db: Db, userId: string, name: string): Promise<RuleSetRules | null> {
  const [row] = await db
    .select({ rules: ruleSets.rules })
    .from(ruleSets)
    .where(and(eq(ruleSets.userId, userId), eq(ruleSets.name, name)))
    .limit(1);
  if (row) return row.rules;
  return name === DEFAULT_RULE_SET_NAME ? {} : null;
}

const rules: FastifyPluginAsync = async (app) => {
  const { db } = app.bahi;
  app.addHook('preHandler', requireUser);

  serve(app, ENDPOINTS.ruleSets, async (request) => {
    const rows = await db
      .select({ name: ruleSets.name })
      .from(ruleSets)
      .where(eq(ruleSets.userId, request.user.id))
      .orderBy(asc(ruleSets.name));
    const names = rows.map((r) => r.name).filter((n) => n !== DEFAULT_RULE_SET_NAME);
    return { rule_sets: [DEFAULT_RULE_SET_NAME, ...names] };
  });

  serve(app, ENDPOINTS.rules, async (request) => {
    const name = RuleSetName.safeParse((request.params as { name: string }).name);
    if (!name.success) return { rules: {} };
    return { rules: (await loadRuleSet(db, request.user.id, name.data)) ?? {} };
  });

  serve(app, ENDPOINTS.saveRules, async (request, _reply, body) => {
    const userId = request.user.id;
    // Drop empty types so a type with no rules left disappears, as on the screen.
    const clean: RuleSetRules = {};
    if (body.rules.RATE?.length) clean.RATE = body.rules.RATE;
    if (body.rules.QUANTITY?.length) clean.QUANTITY = body.rules.QUANTITY;
    const exists = await loadRuleSet(db, userId, body.rule_set_name);
    if (exists === null || body.rule_set_name === DEFAULT_RULE_SET_NAME) {
      const [{ n }] = await db.select({ n: count() }).from(ruleSets).where(eq(ruleSets.userId, userId));
      if (exists === null && n >= MAX_RULE_SETS_PER_USER) {
        throw badRequest(`You can keep at most ${MAX_RULE_SETS_PER_USER} rule sets. Delete or reuse one.`);
      }
    }
    await db
      .insert(ruleSets)
      .values({ userId, name: body.rule_set_name, rules: clean })
      .onConflictDoUpdate({
        target: [ruleSets.userId, ruleSets.name],
        set: { rules: clean, updatedAt: new Date() },
      });
    request.log.info(
      { rateRules: clean.RATE?.length ?? 0, quantityRules: clean.QUANTITY?.length ?? 0 },
      'rule set saved',
    );
    return { detail: 'Rules saved!', rule_set_name: body.rule_set_name, rules: clean };
  });
};

export default rules;
