// Rules across clients (issue 35, decision 055): a client's rules copied to another, and the
// office's own rule set, made from a client's rules and taken by any client. Always copies: a rule a
// client changes later is its own, and the office's set is not changed by it.
import type { RuleInfo } from '@bahi/contract';
import { formatPlain } from '@bahi/core';
import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/index.ts';
import { lockClientAccounts } from './books.ts';
import { assignLedgers, loadRules, type LedgerChoice } from './ledgers.ts';
import { bookRows, clientRules, officeAccounts, officeRules } from './tables.ts';
import { recordChange, recordRowChanges, type Actor } from './team.ts';
import { splitWords } from './tax-splits.ts';

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

/** A rule as the trail says it: `any of “amazon flipkart” (withdrawals) from 100.00 → Purchases + GST 18% (CGST + SGST)`. */
export function ruleText(r: RuleFields): string {
  const words = r.words.length
    ? `${r.words.length > 1 ? (r.match === 'all' ? 'all of ' : 'any of ') : ''}“${r.words.join(' ')}”`
    : 'every row';
  const side = r.direction === 'any' ? '' : ` (${r.direction}s)`;
  const from = r.minPaise === null ? '' : ` from ${formatPlain(r.minPaise)}`;
  const to = r.maxPaise === null ? '' : ` up to ${formatPlain(r.maxPaise)}`;
  const split = r.taxSplit ? ` + ${splitWords(r.taxSplit)}` : '';
  const contra = r.voucherType ? ` as ${r.voucherType}` : '';
  return `${words}${side}${from}${to} → ${r.ledger}${split}${contra}`;
}

/** The rule's name as the trail says it (its ledger when it has none). */
export const ruleName = (r: Pick<RuleFields, 'name' | 'ledger'>) => `rule “${r.name || r.ledger}”`;

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

/** The client's open rows (unpushed, no ledger): the ones its rules and memory suggest a ledger for. */
const openRowsOf = (tx: DbOrTx, clientId: string) =>
  tx
    .select({
      id: bookRows.id,
      accountId: bookRows.accountId,
      date: bookRows.date,
      description: bookRows.description,
      withdrawal: bookRows.withdrawal,
      deposit: bookRows.deposit,
    })
    .from(bookRows)
    .innerJoin(officeAccounts, eq(officeAccounts.id, bookRows.accountId))
    .where(
      and(
        eq(officeAccounts.clientId, clientId),
        isNull(bookRows.pushedAt),
        sql`btrim(${bookRows.ledger}) = ''`,
      ),
    );

const choiceKey = (c: LedgerChoice | null) =>
  c ? JSON.stringify([c.ledger, c.source, c.voucherType, c.taxSplit]) : '';

/**
 * A change of the client's rules (`change`, in the transaction) recorded as a change of its books
 * (decision 057): the client's accounts locked first, as every book change does; the open rows
 * whose suggested ledger the change moves (what "Use all suggestions" would push) marked and in the
 * trail as `rule` lines with `detail`, their months' approvals withdrawn; one line of no month when
 * no row's suggestion moved. `change` answers whether it changed anything (nothing: no line).
 */
export async function withRuleTrail<T>(
  tx: DbOrTx,
  clientId: string,
  record: { actor: Actor; detail: string | ((result: T) => string) } | undefined,
  now: Date,
  change: () => Promise<{ changed: boolean; result: T }>,
): Promise<T> {
  if (!record) return (await change()).result;
  await lockClientAccounts(tx, clientId);
  const open = await openRowsOf(tx, clientId);
  const suggest = async () =>
    open.length ? assignLedgers(tx, clientId, await loadRules(tx, clientId), open) : [];
  const before = await suggest();
  const { changed, result } = await change();
  if (!changed) return result;
  const after = await suggest();
  const moved = open.filter((_, i) => choiceKey(before[i]) !== choiceKey(after[i]));
  const detail = typeof record.detail === 'function' ? record.detail(result) : record.detail;
  for (const accountId of new Set(moved.map((r) => r.accountId)))
    await recordRowChanges(
      tx,
      { id: accountId, clientId },
      moved.filter((r) => r.accountId === accountId),
      'rule',
      record.actor,
      now,
      detail,
    );
  if (moved.length === 0)
    await recordChange(tx, { clientId, kind: 'rule', actor: record.actor, at: now, detail });
  return result;
}

/**
 * Appends `rules` (in their order) to the client's, after its own: a client's own rules keep
 * applying first. A rule the client already has is left out, and so is what passes MAX_RULES.
 * With `record` (the routes), it is a change of the client's books like any other (withRuleTrail).
 */
export async function appendRules(
  db: Db,
  userId: string,
  clientId: string,
  rules: readonly RuleFields[],
  now: Date,
  record?: { actor: Actor; detail: string },
): Promise<{ copied: number; same: number; over_limit: number }> {
  return db.transaction((tx) =>
    withRuleTrail(
      tx,
      clientId,
      record && {
        actor: record.actor,
        detail: (r: { copied: number }) => `${record.detail}: ${r.copied} rule(s)`,
      },
      now,
      async () => {
        const have = await tx
          .select()
          .from(clientRules)
          .where(eq(clientRules.clientId, clientId))
          .for('update');
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
        return {
          changed: values.length > 0,
          result: { copied: values.length, same, over_limit: overLimit },
        };
      },
    ),
  );
}

/** Client to client. */
export async function copyClientRules(
  db: Db,
  userId: string,
  fromClientId: string,
  toClientId: string,
  now: Date,
  record?: { actor: Actor; detail: string },
) {
  const rules = await clientRulesOf(db, fromClientId);
  return appendRules(db, userId, toClientId, rules, now, record);
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
