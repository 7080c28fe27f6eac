// Rules across clients (issue 35, decision 055): a client's rules copied to another, and the
// office's own rule set, made from a client's rules and taken by any client. Always copies: a rule a
// client changes later is its own, and the office's set is not changed by it.
import type { RuleInfo } from '@bahi/contract';
import { formatPlain } from '@bahi/core';
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { clientRules, officeRules } from './tables.ts';

/** The most rules a client (and the office's set) may hold, as creating a rule allows. */
export const MAX_RULES = 200;

type RuleFields = Pick<
  typeof clientRules.$inferSelect,
  'name' | 'words' | 'match' | 'direction' | 'minPaise' | 'maxPaise' | 'ledger' | 'voucherType' | 'taxSplit'
>;

const fieldsOf = (r: RuleFields): RuleFields => ({
  name: r.name,
  words: r.words,
  match: r.match,
  direction: r.direction,
  minPaise: r.minPaise,
  maxPaise: r.maxPaise,
  ledger: r.ledger,
  voucherType: r.voucherType ?? null,
  taxSplit: r.taxSplit ?? null,
});

/** Two rules are the same when they pick the same rows and give them the same ledger and split. */
function sameKey(r: RuleFields): string {
  return JSON.stringify([
    [...r.words].map((w) => w.trim().toLowerCase()).sort(),
    r.match,
    r.direction,
    r.minPaise,
    r.maxPaise,
    r.ledger.trim().toLowerCase(),
    r.voucherType ?? null,
    r.taxSplit ?? null,
  ]);
}

/** A rule as the API gives it: a client's rule or one of the office rule set (the same columns). */
export const ruleInfo = (r: typeof clientRules.$inferSelect | typeof officeRules.$inferSelect): RuleInfo => ({
  id: r.id,
  name: r.name,
  words: r.words,
  match: r.match,
  direction: r.direction,
  min: r.minPaise === null ? '' : formatPlain(r.minPaise),
  max: r.maxPaise === null ? '' : formatPlain(r.maxPaise),
  ledger: r.ledger,
  voucher_type: r.voucherType ?? null,
  tax_split: r.taxSplit ?? null,
  position: r.position,
});

const clientRulesOf = (db: Db, clientId: string) =>
  db
    .select()
    .from(clientRules)
    .where(eq(clientRules.clientId, clientId))
    .orderBy(asc(clientRules.position), asc(clientRules.createdAt));

/**
 * Appends `rules` (in their order) to the client's, after its own: a client's own rules keep
 * applying first. A rule the client already has is left out, and so is what passes MAX_RULES.
 */
export async function appendRules(
  db: Db,
  userId: string,
  clientId: string,
  rules: readonly RuleFields[],
  now: Date,
): Promise<{ copied: number; same: number; over_limit: number }> {
  return db.transaction(async (tx) => {
    const have = await tx.select().from(clientRules).where(eq(clientRules.clientId, clientId)).for('update');
    const keys = new Set(have.map(sameKey));
    const [{ n, last }] = await tx
      .select({ n: count(), last: max(clientRules.position) })
      .from(clientRules)
      .where(eq(clientRules.clientId, clientId));
    let room = MAX_RULES - n;
    let position = (last ?? -1) + 1;
    let same = 0;
    let overLimit = 0;
    const values = [];
    for (const r of rules) {
      const key = sameKey(r);
      if (keys.has(key)) {
        same++;
        continue;
      }
      if (room <= 0) {
        overLimit++;
        continue;
      }
      keys.add(key);
      room--;
      values.push({ ...fieldsOf(r), userId, clientId, position: position++, createdAt: now });
    }
    if (values.length) await tx.insert(clientRules).values(values);
    return { copied: values.length, same, over_limit: overLimit };
  });
}

/** Client to client. */
export async function copyClientRules(
  db: Db,
  userId: string,
  fromClientId: string,
  toClientId: string,
  now: Date,
) {
  const rules = await clientRulesOf(db, fromClientId);
  return appendRules(db, userId, toClientId, rules, now);
}

export async function loadOfficeRules(db: Db, userId: string) {
  return db
    .select()
    .from(officeRules)
    .where(eq(officeRules.userId, userId))
    .orderBy(asc(officeRules.position), asc(officeRules.createdAt));
}

/** The office's set becomes a copy of this client's rules, in their order. */
export async function setOfficeRulesFrom(db: Db, userId: string, clientId: string, now: Date) {
  const rules = await clientRulesOf(db, clientId);
  await db.transaction(async (tx) => {
    await tx.delete(officeRules).where(and(eq(officeRules.userId, userId)));
    if (rules.length)
      await tx
        .insert(officeRules)
        .values(rules.map((r, i) => ({ ...fieldsOf(r), userId, position: i, createdAt: now })));
  });
  return loadOfficeRules(db, userId);
}
