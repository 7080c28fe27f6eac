import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parseAmount, parseSpecDate, ruleMatches, formatDisplayDate } from '@bahi/core';
import {
  BookQuery,
  ENDPOINTS,
  GST_STATES,
  RuleInput,
  type ClientInfo,
  type FilingInfo,
  type GstStateCode,
  type UnfiledInfo,
} from '@bahi/contract';
import { randomUUID } from 'node:crypto';
import { requireUser } from '../auth/guards.ts';
import { serve } from '../endpoints.ts';
import { badRequest, notFound } from '../errors.ts';
import {
  fileReadStatement,
  fileUnfiled,
  fileWaitingStatements,
  normaliseAccountNumber,
  type FilingOutcome,
} from '../office/accounts.ts';
import {
  accountInfos,
  bookWhere,
  filedInfo,
  fixRow,
  lockClientAccounts,
  pushesAwaitingAnswer,
  setLedgers,
} from '../office/books.ts';
import {
  accountFor,
  actorOf,
  assignedClientIds,
  clientFor,
  recordRowChanges,
  requireOwner,
  requireUse,
  seenBy,
} from '../office/team.ts';
import { pushUnpushed } from '../office/pushes.ts';
import { printedRowsOf } from '../tally/bank-export.ts';
import { countWork } from '../statements/work-limits.ts';
import { ruleOf, ruleReason } from '../office/ledgers.ts';
import { setSplits } from '../office/tax-splits.ts';
import { ruleInfo, ruleName, ruleText, withRuleTrail } from '../office/rule-copy.ts';
import { idParam } from './params.ts';
import {
  accountStatements,
  bookRows,
  clientRules,
  officeAccounts,
  officeClients,
  unfiledStatements,
} from '../office/tables.ts';

// The office's clients, their accounts and books, and each client's ledger rules (issue 13): the
// contract's /office/... endpoints, served from its list (registered under /api). Everything
// belongs to the office the signed-in person works in (issue 35: its owner's id, the person's own
// for a single user): every query is scoped by it, a client the person may not see (not assigned to
// an accountant, another office's) answers 404 exactly like an id that does not exist, and what
// their role may not do 403 (office/team.ts).

/** More than any office keeps; stops a script from filling the tables. */
const MAX_CLIENTS = 2000;
const MAX_ACCOUNTS_PER_CLIENT = 20;
const MAX_RULES_PER_CLIENT = 200;

type ClientRow = typeof officeClients.$inferSelect;

const clientInfo = (c: ClientRow, accounts: number): ClientInfo => ({
  id: c.id,
  name: c.name,
  tally_company: c.tallyCompany,
  state_code: c.stateCode,
  state: GST_STATES[c.stateCode as GstStateCode] ?? c.stateCode,
  gstin: c.gstin,
  archived: c.archivedAt !== null,
  accounts,
  created_at: c.createdAt.toISOString(),
});

/** Rupees as typed -> paise, '' -> null; anything else is refused. */
function paiseOf(text: string, field: string): number | null {
  if (text.trim() === '') return null;
  const p = parseAmount(text);
  if (p === null || p < 0) throw badRequest(`${field}: enter an amount in rupees, like 1500 or 1,500.00.`);
  return p;
}

const filingInfo = (o: FilingOutcome, accountNumber: string): FilingInfo =>
  o.kind === 'filed'
    ? {
        kind: 'filed',
        client_id: o.clientId,
        account_id: o.accountId,
        unfiled_id: null,
        account_number: accountNumber,
        added: o.added,
        recognised: o.recognised,
        gaps: o.gaps,
        message: o.alreadyFiled
          ? 'This statement was filed into this account before: nothing changed.'
          : `${o.added} new row(s) added to the book; ${o.recognised} already there.`,
      }
    : {
        kind: o.kind,
        client_id: o.clientId,
        account_id: null,
        unfiled_id: o.unfiledId,
        account_number: o.accountNumber,
        added: 0,
        recognised: 0,
        gaps: 0,
        message:
          o.kind === 'new-account'
            ? `No account of this client has the number ${o.accountNumber || '(none printed)'}: add it to file the statement.`
            : `The number ${o.accountNumber} fits more than one account: choose one.`,
      };

// An unfiled statement as the lists show it: without its rows (their count and first and last
// dates are columns of their own; the rows may be its statement's, office/unfiled-rows.ts).
const UNFILED_INFO = {
  id: unfiledStatements.id,
  clientId: unfiledStatements.clientId,
  fileName: unfiledStatements.fileName,
  bank: unfiledStatements.bank,
  accountNumber: unfiledStatements.accountNumber,
  rowCount: unfiledStatements.rowCount,
  firstDate: unfiledStatements.firstDate,
  lastDate: unfiledStatements.lastDate,
  createdAt: unfiledStatements.createdAt,
};

function unfiledInfo(u: Pick<typeof unfiledStatements.$inferSelect, keyof typeof UNFILED_INFO>): UnfiledInfo {
  return {
    id: u.id,
    client_id: u.clientId,
    file_name: u.fileName,
    bank: u.bank,
    account_number: u.accountNumber,
    rows: u.rowCount,
    period_from: u.firstDate ? formatDisplayDate(u.firstDate) : '',
    period_to: u.lastDate ? formatDisplayDate(u.lastDate) : '',
    created_at: u.createdAt.toISOString(),
  };
}

const clients: FastifyPluginAsync = async (app) => {
  const ctx = app.bahi;
  const { db } = ctx;
  app.addHook('preHandler', requireUser);

  // ---- clients ----

  serve(app, ENDPOINTS.clients, async (request) => {
    const withArchived = (request.query as { archived?: string }).archived === 'true';
    const rows = await db
      .select({ client: officeClients, accounts: sql<number>`count(${officeAccounts.id})::int` })
      .from(officeClients)
      .leftJoin(
        officeAccounts,
        and(eq(officeAccounts.clientId, officeClients.id), isNull(officeAccounts.archivedAt)),
      )
      .where(
        and(
          eq(officeClients.userId, request.office.id),
          withArchived ? undefined : isNull(officeClients.archivedAt),
        ),
      )
      .groupBy(officeClients.id)
      .orderBy(asc(officeClients.name));
    // An accountant lists the clients assigned to them.
    const assigned = await assignedClientIds(db, request.office, request.user.id);
    return {
      clients: rows
        .filter((r) => !assigned || assigned.has(r.client.id))
        .map((r) => clientInfo(r.client, Number(r.accounts))),
    };
  });

  serve(app, ENDPOINTS.createClient, async (request, _reply, body) => {
    requireOwner(request.office);
    const [{ n }] = await db
      .select({ n: count() })
      .from(officeClients)
      .where(eq(officeClients.userId, request.office.id));
    if (n >= MAX_CLIENTS) throw badRequest(`You can keep at most ${MAX_CLIENTS} clients.`);
    const [c] = await db
      .insert(officeClients)
      .values({
        userId: request.office.id,
        name: body.name,
        tallyCompany: body.tally_company,
        stateCode: body.state_code,
        gstin: body.gstin,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    return clientInfo(c, 0);
  });

  serve(app, ENDPOINTS.client, async (request) => {
    const c = await clientFor(db, request, idParam(request, 'client'), 'see');
    const accounts = await db
      .select()
      .from(officeAccounts)
      .where(eq(officeAccounts.clientId, c.id))
      .orderBy(asc(officeAccounts.createdAt));
    const rules = await db
      .select()
      .from(clientRules)
      .where(eq(clientRules.clientId, c.id))
      .orderBy(asc(clientRules.position), asc(clientRules.createdAt));
    const unfiled = await db
      .select(UNFILED_INFO)
      .from(unfiledStatements)
      // This client's only: the inbox's (dropped on no client, no account of any client matched)
      // are listed in the inbox (issue 34 round three), not on every client's page.
      .where(and(eq(unfiledStatements.userId, request.office.id), eq(unfiledStatements.clientId, c.id)))
      .orderBy(desc(unfiledStatements.createdAt));
    const history = accounts.length
      ? await db
          .select()
          .from(accountStatements)
          .where(
            inArray(
              accountStatements.accountId,
              accounts.map((a) => a.id),
            ),
          )
          .orderBy(desc(accountStatements.filedAt))
          .limit(500)
      : [];
    return {
      client: clientInfo(c, accounts.filter((a) => a.archivedAt === null).length),
      accounts: await accountInfos(db, accounts),
      rules: rules.map(ruleInfo),
      unfiled: unfiled.map(unfiledInfo),
      history: history.map((s) => ({ ...filedInfo(s), account_id: s.accountId })),
    };
  });

  serve(app, ENDPOINTS.updateClient, async (request, _reply, body) => {
    const c = await clientFor(db, request, idParam(request, 'client'), 'manage');
    const [updated] = await db
      .update(officeClients)
      .set({
        name: body.name,
        tallyCompany: body.tally_company,
        stateCode: body.state_code,
        gstin: body.gstin,
        updatedAt: ctx.now(),
      })
      .where(eq(officeClients.id, c.id))
      .returning();
    return clientInfo(updated, 0);
  });

  /** Archived clients leave the list and the inbox's matching; their books stay as they are. */
  serve(app, ENDPOINTS.archiveClient, async (request, _reply, { archived }) => {
    const c = await clientFor(db, request, idParam(request, 'client'), 'manage');
    await db
      .update(officeClients)
      .set({ archivedAt: archived ? ctx.now() : null, updatedAt: ctx.now() })
      .where(eq(officeClients.id, c.id));
    return { ok: true, archived };
  });

  // ---- accounts ----

  serve(app, ENDPOINTS.createAccount, async (request, _reply, body) => {
    const c = await clientFor(db, request, idParam(request, 'client'), 'work');
    const digits = normaliseAccountNumber(body.account_number).digits;
    const existing = await db.select().from(officeAccounts).where(eq(officeAccounts.clientId, c.id));
    if (existing.length >= MAX_ACCOUNTS_PER_CLIENT)
      throw badRequest(`A client can have at most ${MAX_ACCOUNTS_PER_CLIENT} bank accounts.`);
    if (existing.some((a) => a.accountDigits === digits))
      throw badRequest('This client already has an account with this number.');
    const [account] = await db
      .insert(officeAccounts)
      .values({
        userId: request.office.id,
        clientId: c.id,
        bank: body.bank,
        accountNumber: body.account_number,
        accountDigits: digits,
        tallyLedger: body.tally_ledger,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    // Statements of this client that waited for this account are filed now.
    const filed = await fileWaitingStatements(db, account, ctx.now(), actorOf(request));
    const [info] = await accountInfos(db, [account]);
    return { account: info, filed };
  });

  serve(app, ENDPOINTS.updateAccount, async (request, _reply, body) => {
    const a = await accountFor(db, request, idParam(request, 'account'), 'work');
    const digits = normaliseAccountNumber(body.account_number).digits;
    const clash = await db
      .select({ id: officeAccounts.id })
      .from(officeAccounts)
      .where(and(eq(officeAccounts.clientId, a.clientId), eq(officeAccounts.accountDigits, digits)));
    if (clash.some((x) => x.id !== a.id))
      throw badRequest('This client already has an account with this number.');
    const [updated] = await db
      .update(officeAccounts)
      .set({
        bank: body.bank,
        accountNumber: body.account_number,
        accountDigits: digits,
        tallyLedger: body.tally_ledger,
        updatedAt: ctx.now(),
      })
      .where(eq(officeAccounts.id, a.id))
      .returning();
    const [info] = await accountInfos(db, [updated]);
    return info;
  });

  serve(app, ENDPOINTS.archiveAccount, async (request, _reply, { archived }) => {
    const a = await accountFor(db, request, idParam(request, 'account'), 'work');
    await db
      .update(officeAccounts)
      .set({ archivedAt: archived ? ctx.now() : null, updatedAt: ctx.now() })
      .where(eq(officeAccounts.id, a.id));
    return { ok: true, archived };
  });

  // ---- books ----

  serve(app, ENDPOINTS.book, async (request) => {
    const page = BookQuery.parse(request.query ?? {});
    const { rows_from: from, rows_limit: limit, ...view } = page;
    // accountFor's check ('see': whoever sees the client) as a condition of the book's one query
    const book = await bookWhere(
      db,
      and(
        eq(officeAccounts.id, idParam(request, 'account')),
        eq(officeAccounts.userId, request.office.id),
        seenBy(request.office, request.user.id, officeAccounts.clientId),
      ),
      { from, limit },
      view,
    );
    if (!book) throw notFound('No such account.');
    return book.answer;
  });

  serve(app, ENDPOINTS.setBookLedgers, async (request, _reply, body) => {
    const a = await accountFor(db, request, idParam(request, 'account'), 'work');
    return { ok: true, ...(await setLedgers(db, a, body.rows, ctx.now(), actorOf(request))) };
  });

  /** A row fixed in place (decision 057): who and when on the row and in the trail, the month unapproved. */
  serve(app, ENDPOINTS.fixBookRow, async (request, _reply, body) => {
    const a = await accountFor(db, request, idParam(request, 'account'), 'work');
    return fixRow(db, a, body, ctx.now(), actorOf(request));
  });

  serve(app, ENDPOINTS.setBookSplits, async (request, _reply, body) => {
    const a = await accountFor(db, request, idParam(request, 'account'), 'work');
    return setSplits(db, a, body.rows, ctx.now(), actorOf(request));
  });

  /** The book's unpushed rows as one Tally import (kept for the bridge), marked pushed when Tally answers. */
  serve(app, ENDPOINTS.pushBook, async (request, _reply, { month, held, ...groups }) => {
    const a = await accountFor(db, request, idParam(request, 'account'), 'work');
    // One accounting of work (issue 33): a push is counted like a read, by the hour, and the hour is
    // the office's (decision 057, round five): its members share it, as they share its pages.
    await countWork(ctx, request.office.id, 'push', 1);
    // The months it takes must be approved once the office has a reviewer (issue 35): checked, and
    // the push recorded in the trail, inside the push's own transaction (pushes.ts).
    const answer = await pushUnpushed(db, a, ctx.now(), month, held, groups, actorOf(request));
    request.log.info({ rows: answer.rows, vouchers: answer.vouchers }, 'book pushed');
    return answer;
  });

  // ---- filing ----

  /** "File to account" from the single-statement screen: its rows into the client's account. */
  serve(app, ENDPOINTS.fileStatement, async (request, _reply, body) => {
    const userId = request.user.id;
    const c = await clientFor(db, request, body.client_id, 'work');
    // Each row's reference (cheque number, UTR) from the stored statement the screen read, never
    // from the browser (issue 12): the book's push puts it in the voucher's bank allocation.
    const printed = body.statement_id ? await printedRowsOf(db, userId, body.statement_id) : undefined;
    const rows = body.transactions.flatMap((t) => {
      const date = parseSpecDate(t.Date ?? '');
      if (!date) return [];
      return [
        {
          date,
          description: t.Description ?? '',
          // Signed as shown: a negative withdrawal is a reversal, money in (issue 31).
          withdrawal: parseAmount(t.Withdrawal ?? '') ?? 0,
          deposit: parseAmount(t.Deposit ?? '') ?? 0,
          balance: parseAmount(t.ClosingBalance ?? ''),
          reference: printed?.take([t.Date, t.Description, t.Withdrawal, t.Deposit]).reference || null,
        },
      ];
    });
    if (rows.length === 0) throw badRequest('No transactions with a date to file.');
    const input = {
      userId: request.office.id,
      actor: actorOf(request),
      clientId: c.id,
      // The screen's rows are not a kept statement result: each filing is a statement of its own.
      statementId: randomUUID(),
      fileName: body.file_name,
      bank: body.bank,
      accountNumber: body.account_number,
      rows,
      period: {
        from: parseSpecDate(body.period_from ?? '') ?? null,
        to: parseSpecDate(body.period_to ?? '') ?? null,
      },
    };
    let outcome: FilingOutcome;
    if (body.account_id) {
      const a = await accountFor(db, request, body.account_id, 'work');
      if (a.clientId !== c.id) throw notFound('No such account.');
      const kept = await fileReadStatement(db, { ...input, accountNumber: '' }, ctx.now());
      // no number: kept as unfiled, then filed into the account the user chose
      const filed =
        kept.kind === 'filed'
          ? kept
          : await fileUnfiled(db, request.office.id, kept.unfiledId, a.id, ctx.now(), input.actor);
      if (!filed) throw notFound('No such account.');
      outcome = filed;
    } else {
      outcome = await fileReadStatement(db, input, ctx.now());
    }
    return filingInfo(outcome, body.account_number);
  });

  serve(app, ENDPOINTS.fileUnfiled, async (request, _reply, { account_id }) => {
    const id = idParam(request, 'statement');
    const a = await accountFor(db, request, account_id, 'work');
    const filed = await fileUnfiled(db, request.office.id, id, a.id, ctx.now(), actorOf(request));
    if (!filed) throw notFound('No such statement or account.');
    return filingInfo(filed, '');
  });

  /** The inbox's statements no client's account matched, and the accounts to file them into. */
  serve(app, ENDPOINTS.inbox, async (request) => {
    const unfiled = await db
      .select(UNFILED_INFO)
      .from(unfiledStatements)
      .where(and(eq(unfiledStatements.userId, request.office.id), isNull(unfiledStatements.clientId)))
      .orderBy(desc(unfiledStatements.createdAt));
    const accounts = await db
      .select({ account: officeAccounts, clientName: officeClients.name })
      .from(officeAccounts)
      .innerJoin(officeClients, eq(officeClients.id, officeAccounts.clientId))
      .where(
        and(
          eq(officeAccounts.userId, request.office.id),
          isNull(officeAccounts.archivedAt),
          isNull(officeClients.archivedAt),
        ),
      )
      .orderBy(asc(officeClients.name), asc(officeAccounts.createdAt));
    const assigned = await assignedClientIds(db, request.office, request.user.id);
    return {
      unfiled: unfiled.map(unfiledInfo),
      accounts: accounts
        .filter((r) => !assigned || assigned.has(r.account.clientId))
        .map((r) => ({
          id: r.account.id,
          client_id: r.account.clientId,
          client_name: r.clientName,
          bank: r.account.bank,
          account_number: r.account.accountNumber,
        })),
    };
  });

  serve(app, ENDPOINTS.dropUnfiled, async (request) => {
    const id = idParam(request, 'statement');
    const [waiting] = await db
      .select({ clientId: unfiledStatements.clientId })
      .from(unfiledStatements)
      .where(and(eq(unfiledStatements.id, id), eq(unfiledStatements.userId, request.office.id)));
    if (!waiting) throw notFound('No such statement.');
    if (waiting.clientId) await clientFor(db, request, waiting.clientId, 'work');
    else requireUse(request.office, 'work');
    const gone = await db
      .delete(unfiledStatements)
      .where(and(eq(unfiledStatements.id, id), eq(unfiledStatements.userId, request.office.id)))
      .returning({ id: unfiledStatements.id });
    if (gone.length === 0) throw notFound('No such statement.');
    return { ok: true };
  });

  // ---- ledger rules ----

  function ruleValues(body: ReturnType<typeof RuleInput.parse>) {
    const min = paiseOf(body.min, 'Minimum amount');
    const max = paiseOf(body.max, 'Maximum amount');
    if (min !== null && max !== null && min > max)
      throw badRequest('The minimum amount is above the maximum.');
    return {
      name: body.name,
      words: body.words.filter((w) => w !== ''),
      match: body.match,
      direction: body.direction,
      minPaise: min,
      maxPaise: max,
      ledger: body.ledger,
      voucherType: body.voucher_type,
      taxSplit: body.tax_split ?? null,
    };
  }

  /**
   * Gives the rule's ledger to the unpushed rows of the client's books it picks, except rows whose
   * ledger a person set (those stay as they were set).
   */
  async function applyToBooks(
    clientId: string,
    rule: typeof clientRules.$inferSelect,
    request: FastifyRequest,
  ): Promise<number> {
    const r = ruleOf(rule);
    return db.transaction(async (tx) => {
      // Every change of a book locks its account first (decision 057): the client's, in one order.
      await lockClientAccounts(tx, clientId);
      const rows = await tx
        .select({
          id: bookRows.id,
          accountId: bookRows.accountId,
          date: bookRows.date,
          description: bookRows.description,
          withdrawal: bookRows.withdrawal,
          deposit: bookRows.deposit,
          source: bookRows.ledgerSource,
          pushId: bookRows.pushId,
        })
        .from(bookRows)
        .innerJoin(officeAccounts, eq(officeAccounts.id, bookRows.accountId))
        .where(and(eq(officeAccounts.clientId, clientId), isNull(bookRows.pushedAt)));
      // a row in a push that waits for Tally's answer keeps what went (decision 057, round five):
      // skipped, not refused, as a person's ledger is; the rule may be applied again once Tally answers
      const waiting = await pushesAwaitingAnswer(
        tx,
        rows.map((x) => x.pushId),
        ctx.now(),
      );
      const picked = rows.filter(
        (x) => x.source !== 'manual' && !(x.pushId && waiting.has(x.pushId)) && ruleMatches(r, x),
      );
      const ids = picked.map((x) => x.id);
      for (let i = 0; i < ids.length; i += 5000) {
        await tx
          .update(bookRows)
          .set({
            ledger: r.ledger,
            ledgerSource: 'rule',
            ledgerReason: ruleReason(r),
            voucherType: r.voucherType,
            taxSplit: r.taxSplit ?? null,
          })
          .where(inArray(bookRows.id, ids.slice(i, i + 5000)));
      }
      // In the trail, account by account (issue 35); the months it changed lose their approval.
      for (const accountId of new Set(picked.map((x) => x.accountId))) {
        await recordRowChanges(
          tx,
          { id: accountId, clientId },
          picked.filter((x) => x.accountId === accountId),
          'rule',
          actorOf(request),
          ctx.now(),
          `rule “${rule.name || rule.ledger}” set ${rule.ledger}`,
        );
      }
      return ids.length;
    });
  }

  /** The rule `id` of a client the person may work on (404 otherwise, 403 for a reviewer). */
  async function ruleFor(request: FastifyRequest, id: string) {
    const [rule] = await db
      .select()
      .from(clientRules)
      .where(and(eq(clientRules.id, id), eq(clientRules.userId, request.office.id)));
    if (!rule) throw notFound('No such rule.');
    await clientFor(db, request, rule.clientId, 'work').catch((err: unknown) => {
      throw (err as { code?: string }).code === 'NOT_FOUND' ? notFound('No such rule.') : err;
    });
    return rule;
  }

  // Creating, changing, moving or deleting a rule changes the ledger the book suggests for rows
  // without one (what "Use all suggestions" pushes): each is a change of the client's books in the
  // trail (withRuleTrail, decision 057), and the months of the rows it moves lose their approval.
  serve(app, ENDPOINTS.createRule, async (request, _reply, body) => {
    const c = await clientFor(db, request, idParam(request, 'client'), 'work');
    const values = ruleValues(body);
    const rule = await db.transaction((tx) =>
      withRuleTrail(
        tx,
        c.id,
        { actor: actorOf(request), detail: `${ruleName(values)} added: ${ruleText(values)}` },
        ctx.now(),
        async () => {
          const [{ n, last }] = await tx
            .select({ n: count(), last: max(clientRules.position) })
            .from(clientRules)
            .where(eq(clientRules.clientId, c.id));
          if (n >= MAX_RULES_PER_CLIENT)
            throw badRequest(`A client can have at most ${MAX_RULES_PER_CLIENT} rules.`);
          const [made] = await tx
            .insert(clientRules)
            .values({
              userId: request.office.id,
              clientId: c.id,
              position: (last ?? -1) + 1,
              createdAt: ctx.now(),
              ...values,
            })
            .returning();
          return { changed: true, result: made };
        },
      ),
    );
    const applied = body.apply_to_book ? await applyToBooks(c.id, rule, request) : 0;
    return { rule: ruleInfo(rule), applied };
  });

  serve(app, ENDPOINTS.updateRule, async (request, _reply, body) => {
    const old = await ruleFor(request, idParam(request, 'rule'));
    const values = ruleValues(body);
    const was = `${ruleName(old)} ${ruleText(old)}`;
    const is = `${ruleName(values)} ${ruleText(values)}`;
    const rule = await db.transaction((tx) =>
      withRuleTrail(
        tx,
        old.clientId,
        { actor: actorOf(request), detail: `${ruleName(old)} changed: ${ruleText(old)} → now ${is}` },
        ctx.now(),
        async () => {
          const [changed] = await tx
            .update(clientRules)
            .set(values)
            .where(and(eq(clientRules.id, old.id), eq(clientRules.userId, request.office.id)))
            .returning();
          if (!changed) throw notFound('No such rule.');
          // the same rule again (as the trail says it) is no change
          return { changed: was !== is, result: changed };
        },
      ),
    );
    const applied = body.apply_to_book ? await applyToBooks(rule.clientId, rule, request) : 0;
    return { rule: ruleInfo(rule), applied };
  });

  /** Rules apply in order, the first that matches wins: a rule moves one place up or down. */
  serve(app, ENDPOINTS.moveRule, async (request, _reply, { direction }) => {
    const id = idParam(request, 'rule');
    const rule = await ruleFor(request, id);
    return db
      .transaction((tx) =>
        withRuleTrail(
          tx,
          rule.clientId,
          {
            actor: actorOf(request),
            detail: (to: number) =>
              `${ruleName(rule)} moved ${direction} to place ${to + 1}: ${ruleText(rule)}`,
          },
          ctx.now(),
          async () => {
            const siblings = await tx
              .select({ id: clientRules.id })
              .from(clientRules)
              .where(eq(clientRules.clientId, rule.clientId))
              .orderBy(asc(clientRules.position), asc(clientRules.createdAt))
              .for('update');
            const at = siblings.findIndex((r) => r.id === id);
            const to = direction === 'up' ? at - 1 : at + 1;
            if (at < 0 || to < 0 || to >= siblings.length) return { changed: false, result: -1 };
            [siblings[at], siblings[to]] = [siblings[to], siblings[at]];
            // Positions rewritten 0..n-1 in the new order (older rules may share a position).
            for (const [position, r] of siblings.entries()) {
              await tx.update(clientRules).set({ position }).where(eq(clientRules.id, r.id));
            }
            return { changed: true, result: to };
          },
        ),
      )
      .then((to) => ({ ok: true, moved: to >= 0 }));
  });

  serve(app, ENDPOINTS.deleteRule, async (request) => {
    const rule = await ruleFor(request, idParam(request, 'rule'));
    await db.transaction((tx) =>
      withRuleTrail(
        tx,
        rule.clientId,
        { actor: actorOf(request), detail: `${ruleName(rule)} deleted: ${ruleText(rule)}` },
        ctx.now(),
        async () => {
          const gone = await tx
            .delete(clientRules)
            .where(and(eq(clientRules.id, rule.id), eq(clientRules.userId, request.office.id)))
            .returning({ id: clientRules.id });
          if (gone.length === 0) throw notFound('No such rule.');
          return { changed: true, result: undefined };
        },
      ),
    );
    return { ok: true };
  });
};

export default clients;
