// The office book's push (issue 13), done when Tally says so (issue 31): the book's unpushed rows as
// one Tally import kept in tally_exports (the bridge fetches it as it does for Send to Tally). Rows
// are marked pushed only when Tally's answer for them arrives (confirmBookRows, from the export's
// response route), so a push with the bridge stopped marks nothing and pushing again completes it.
// Vouchers Bahi's record holds as already sent or downloaded for the client's company and this bank
// ledger (from the statement screen, say) are left out, and their rows marked pushed at once.
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, like, lte, sql } from 'drizzle-orm';
import { TALLY_PART_VOUCHERS, type LedgerGroupChoice, type PushAnswer } from '@bahi/contract';
import {
  bankMovements,
  bankVoucherIds,
  bankVoucherParts,
  keptFacts,
  heldKeys,
  mostOfEach,
  plannedBankMasters,
  type BankTransaction,
  type HeldMovement,
} from '@bahi/tally';
import type { Db, DbOrTx } from '../db/index.ts';
import { badRequest, HttpError } from '../errors.ts';
import { tallyExportParts, tallyExports } from '../statements/tables.ts';
import { cashWithoutLedger, plannedForScreen, requireChosenGroups } from '../tally/bank-export.ts';
import { ledgerNames, loadCompany, splitTaxLedgersOf } from '../tally/company.ts';
import { alreadyRecorded, heldDays, recordedMovements, recordVouchers } from '../tally/sent.ts';
import { lockAccount, suggestFor } from './books.ts';
import { assertPushFits } from './push-size.ts';
import { makeExportRoom } from '../tally/export-quota.ts';
import { bookPushes, bookRows, clientLedgerGroups, officeAccounts, officeClients } from './tables.ts';
import { recordRowChanges, requireApproved, type Actor } from './team.ts';

type AccountRow = typeof officeAccounts.$inferSelect;
type BookRowRecord = typeof bookRows.$inferSelect;

/** The most XML one push may keep (the tally_exports quota of routes/tally.ts is 64 MB a user). */
const MAX_PUSH_BYTES = 48 * 1024 * 1024;

const asTransaction = (r: BookRowRecord): BankTransaction => ({
  date: r.date,
  description: r.description,
  withdrawal: r.withdrawal,
  deposit: r.deposit,
  balance: r.balance,
  ledger: r.ledger || undefined,
  reference: r.reference ?? undefined,
  split: r.taxSplit ?? undefined,
});

/** Each row's voucher ids, over the rows in book order (the set decides only twins' numbering). */
const idsOf = (ledger: string, rows: readonly BookRowRecord[]) =>
  bankVoucherIds({ bankLedger: ledger, transactions: rows.map(asTransaction) });

/** Marks rows pushed in chunks. */
async function markPushed(tx: DbOrTx, ids: readonly string[], now: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += 5000) {
    await tx
      .update(bookRows)
      .set({ pushedAt: now })
      .where(and(inArray(bookRows.id, ids.slice(i, i + 5000)), isNull(bookRows.pushedAt)));
  }
}

/**
 * "Use all suggestions" (issue 31): each row without a ledger takes the one the client's rules or
 * memory give it now, set on the row as the book shows it (source and reason kept), in place.
 */
async function takeSuggestions(tx: DbOrTx, clientId: string, rows: BookRowRecord[]): Promise<void> {
  const suggested = await suggestFor(tx, clientId, rows);
  // one update per distinct choice (a payee's rows share one), not one per row
  const alike = new Map<string, { set: Partial<BookRowRecord>; ids: string[] }>();
  for (const r of rows) {
    const s = suggested.get(r.id);
    if (!s) continue;
    const set = {
      ledger: s.ledger,
      ledgerSource: s.source,
      ledgerReason: s.reason,
      voucherType: s.voucherType,
      taxSplit: s.taxSplit,
    };
    Object.assign(r, set);
    const key = JSON.stringify(set);
    const group = alike.get(key) ?? { set, ids: [] as string[] };
    group.ids.push(r.id);
    alike.set(key, group);
  }
  for (const { set, ids } of alike.values()) {
    for (let i = 0; i < ids.length; i += 5000) {
      await tx
        .update(bookRows)
        .set(set)
        .where(and(inArray(bookRows.id, ids.slice(i, i + 5000)), isNull(bookRows.pushedAt)));
    }
  }
}

/** The bank movements of the account's rows pushed already within the days what Tally holds covers. */
async function pushedMovements(tx: DbOrTx, accountId: string, days: readonly [string, string]) {
  const pushed = await tx
    .select()
    .from(bookRows)
    .where(
      and(
        eq(bookRows.accountId, accountId),
        isNotNull(bookRows.pushedAt),
        gte(bookRows.date, days[0]),
        lte(bookRows.date, days[1]),
      ),
    );
  return pushed.flatMap((r, i) => bankMovements(asTransaction(r), i).map((m) => ({ date: r.date, ...m })));
}

/**
 * The groups chosen for the client's new ledgers at earlier pushes (issue 34 round four): by ledger
 * name, and the last one chosen.
 */
export async function rememberedGroups(
  db: DbOrTx,
  clientId: string,
): Promise<{ byLedger: Record<string, string>; last: string | null }> {
  const rows = await db
    .select({ ledger: clientLedgerGroups.ledger, group: clientLedgerGroups.groupName })
    .from(clientLedgerGroups)
    .where(eq(clientLedgerGroups.clientId, clientId))
    .orderBy(desc(clientLedgerGroups.chosenAt));
  return { byLedger: Object.fromEntries(rows.map((r) => [r.ledger, r.group])), last: rows[0]?.group ?? null };
}

/** A push's chosen groups, kept for the client's next pushes (the latest choice of a ledger wins). */
async function rememberGroups(
  tx: DbOrTx,
  clientId: string,
  chosen: Readonly<Record<string, string>> | undefined,
  now: Date,
): Promise<void> {
  const values = Object.entries(chosen ?? {})
    .map(([ledger, group]) => ({ ledger: ledger.trim(), group: group.trim() }))
    .filter((c) => c.ledger && c.group)
    .map((c) => ({
      clientId,
      ledgerKey: c.ledger.toLowerCase(),
      ledger: c.ledger,
      groupName: c.group,
      chosenAt: now,
    }));
  if (values.length === 0) return;
  await tx
    .insert(clientLedgerGroups)
    .values(values)
    .onConflictDoUpdate({
      target: [clientLedgerGroups.clientId, clientLedgerGroups.ledgerKey],
      set: { ledger: sql`excluded.ledger`, groupName: sql`excluded.group_name`, chosenAt: now },
    });
}

/**
 * The book's unpushed rows as one Tally import, tied to a push record; nothing is marked pushed
 * until Tally answers. The account row is locked for the transaction, so two pushes at once take turns.
 * The months it takes must be approved once the office has a reviewer (decision 054), checked in
 * this transaction after the lock (and the approvals read FOR SHARE): a withdrawal, or a change that
 * withdraws (every book change locks the account first), is either seen or waits for the push. The
 * push's line in the trail is written in the same transaction, of the rows it took.
 */
export async function pushUnpushed(
  db: Db,
  account: AccountRow,
  now: Date,
  month?: string,
  /** What the company holds on the ledger (read through the bridge): those rows are in Tally. */
  held?: readonly HeldMovement[],
  /** The groups chosen for new ledgers, and whether rows without a ledger take the suggested one (issue 31). */
  groups: LedgerGroupChoice & { use_suggestions?: boolean } = {},
  /** who pushes: the trail names them */
  actor: Actor = { id: null, name: '' },
): Promise<PushAnswer> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    // Before a row is loaded: a push too large to keep is refused from the database's sums.
    await assertPushFits(tx, account.id, MAX_PUSH_BYTES, month);
    const [client] = await tx
      .select({ tallyCompany: officeClients.tallyCompany })
      .from(officeClients)
      .where(eq(officeClients.id, account.clientId));
    const rows = await tx
      .select()
      .from(bookRows)
      .where(
        and(
          eq(bookRows.accountId, account.id),
          isNull(bookRows.pushedAt),
          month ? like(bookRows.date, `${month}-%`) : undefined,
        ),
      )
      .orderBy(asc(bookRows.position));
    // The account's office is its user (decision 054).
    await requireApproved(
      tx,
      account.userId,
      account.clientId,
      rows.map((r) => r.date.slice(0, 7)),
    );
    if (groups.use_suggestions) await takeSuggestions(tx, account.clientId, rows);
    if (rows.length === 0 && month) throw badRequest(`Every row of ${month} has gone to Tally already.`);
    if (rows.length === 0)
      throw badRequest('Every row of this book has gone to Tally already: nothing new to push.');
    const company = client?.tallyCompany || undefined;
    // The ledgers the company is known to have (read through the bridge or a masters file) are
    // never declared: whether TallyPrime's ACTION="Create" leaves an existing master alone or alters
    // it is disputed (docs/decisions/037), so what it has is never sent at all.
    const known = company ? await loadCompany(tx, account.userId, company) : undefined;
    const ids = idsOf(account.tallyLedger, rows);
    const scope = { userId: account.userId, company, ledger: account.tallyLedger };
    const recorded = await alreadyRecorded(tx, scope, ids.flat());
    const movements = rows.flatMap((r, i) =>
      bankMovements(asTransaction(r), i).map((m, k) => ({ key: ids[i][k], date: r.date, ...m })),
    );
    // What Tally holds answers for the vouchers Bahi has no record of, by day, side and amount;
    // the book's rows pushed before (an earlier statement of an overlapping period), the recorded
    // rows and every other voucher Bahi's record holds in those days (the statement screen's) keep
    // their own vouchers, so those never answer for a row not yet sent.
    const days = heldDays(held ?? []);
    const inTally = days
      ? heldKeys(
          movements,
          held!,
          recorded,
          mostOfEach(
            await pushedMovements(tx, account.id, days),
            await recordedMovements(tx, scope, days[0], days[1], new Set(ids.flat())),
          ),
        )
      : new Set<string>();
    await recordVouchers(
      tx,
      scope,
      movements.filter((m) => inTally.has(m.key)).map(({ key, ...m }) => ({ id: key, ...m })),
      'sent',
      null,
      now,
    );
    const isIn = (id: string) => recorded.has(id) || inTally.has(id);
    // A row all of whose vouchers are in Tally (sent from another screen, or found there) is pushed now.
    const done = rows.filter((_, i) => ids[i].every(isIn));
    await markPushed(
      tx,
      done.map((r) => r.id),
      now,
    );
    // Contra where the client's rule says so, and for cash rows by their narration when nothing set
    // their ledger (issue 31: Contra for cash on every path, as Download XML and the command line).
    const contra = new Set<BankTransaction>();
    const transactions = rows.map((r) => {
      const t = asTransaction(r);
      if (r.voucherType === 'Contra') contra.add(t);
      return t;
    });
    const isCash = (t: BankTransaction, side: 'withdrawal' | 'deposit') =>
      contra.has(t) || cashWithoutLedger(t, side);
    const vouchers = ids.flat().filter((id) => !isIn(id)).length;
    const claim = (n: number) =>
      recordRowChanges(tx, account, rows, 'push', actor, now, `${n} voucher(s) to Tally`);
    if (vouchers === 0) {
      if (done.length > 0) await claim(0);
      return { ok: true, xml_id: '', xml: '', vouchers: 0, rows: 0, already_sent: done.length, masters: [] };
    }
    const remembered = await rememberedGroups(tx, account.clientId);
    const options = {
      company,
      contraForCash: true,
      isCash,
      existingLedgers: ledgerNames(known),
      taxLedgers: splitTaxLedgersOf(known),
      tallyVersion: known?.company.version || undefined,
      leaveOut: new Set([...recorded.keys(), ...inTally]),
      // the client's groups chosen at earlier pushes, then this push's choices (issue 34 round four)
      ledgerGroups: { ...remembered.byLedger, ...groups.ledger_groups },
      newLedgerGroup: groups.new_ledger_group,
    };
    const bankAccount = {
      bankLedger: account.tallyLedger,
      accountNumber: account.accountNumber,
      transactions,
    };
    // A new ledger (a rule's, a row's) goes under the group the user chose, never Suspense A/c
    // unless asked (issue 31): refused with the names and the groups to choose from.
    const planned = plannedBankMasters({ ...options, accounts: [bankAccount] });
    try {
      requireChosenGroups(planned, known);
    } catch (err) {
      // the group chosen last for this client is offered first (the screen pre-selects it)
      if (err instanceof HttpError && remembered.last)
        throw new HttpError('INVALID', err.detail, err.detail, { ...err.extra, last_group: remembered.last });
      throw err;
    }
    await rememberGroups(tx, account.clientId, groups.ledger_groups, now);
    // Said before the file goes (the screen sends it next): which masters it creates, under which group.
    const masters = plannedForScreen(planned);
    const [kept] = await tx
      .insert(tallyExports)
      .values({
        userId: account.userId,
        ledgerName: account.tallyLedger,
        companyName: client?.tallyCompany ?? '',
        vouchers,
        xml: '',
        parts: 0,
        createdAt: now,
      })
      .returning({ id: tallyExports.id });
    // Built and kept a part at a time (issue 33): the whole file is never one string here, and the
    // bridge's fetch of a part reads that part alone. Each part is what importPart cut before.
    let parts = 0;
    let bytes = 0;
    /** the first part: the whole file when it is the only one */
    let firstPart = '';
    const facts = { voucherIds: [] as string[], firstDay: '', lastDay: '' };
    for (const piece of bankVoucherParts(
      { ...bankAccount, ...options, withMasters: true },
      TALLY_PART_VOUCHERS,
    )) {
      bytes += Buffer.byteLength(piece.xml);
      if (bytes > MAX_PUSH_BYTES)
        throw badRequest('The push is too large to keep. Push fewer months at a time.');
      const own = keptFacts(piece.xml);
      // copied: an id sliced from the part's string would keep the whole part alive (V8 slices)
      for (const v of own.voucherIds) facts.voucherIds.push(Buffer.from(v).toString());
      if (own.firstDay && (!facts.firstDay || own.firstDay < facts.firstDay)) facts.firstDay = own.firstDay;
      if (own.lastDay > facts.lastDay) facts.lastDay = own.lastDay;
      await tx
        .insert(tallyExportParts)
        .values({ exportId: kept.id, part: parts, xml: piece.xml, vouchers: piece.vouchers });
      if (parts === 0) firstPart = piece.xml;
      parts++;
    }
    await tx
      .update(tallyExports)
      .set({ parts, ...facts })
      .where(eq(tallyExports.id, kept.id));
    // Within the user's export quota, like Send to Tally: the oldest kept exports make room (issue 33).
    await makeExportRoom(tx, account.userId, bytes, now, kept.id);
    const [push] = await tx
      .insert(bookPushes)
      .values({
        userId: account.userId,
        accountId: account.id,
        rows: rows.length - done.length,
        vouchers,
        exportId: kept.id,
        createdAt: now,
      })
      .returning({ id: bookPushes.id });
    // Every row of the set carries the push, so its answer finds the same set (and the same ids).
    const rowIds = rows.map((r) => r.id);
    for (let i = 0; i < rowIds.length; i += 5000) {
      await tx
        .update(bookRows)
        .set({ pushId: push.id })
        .where(inArray(bookRows.id, rowIds.slice(i, i + 5000)));
    }
    await claim(vouchers);
    return {
      ok: true,
      xml_id: kept.id,
      // A file of one part (500 vouchers at most) comes with the answer; a larger one is fetched by
      // its id when the screen is asked to download it: never one string here (issue 33).
      xml: parts === 1 ? firstPart : '',
      vouchers,
      rows: rows.length - done.length,
      already_sent: done.length,
      masters,
    };
  });
}

/**
 * After Tally took vouchers of the export `exportId` (recorded as sent): the rows of its office
 * push whose every voucher is now recorded as sent are marked pushed. A row of two vouchers (both
 * amounts printed) may wait for a second part's answer. Nothing happens for an export that is no push.
 */
export async function confirmBookRows(
  tx: DbOrTx,
  exportId: string,
  scope: { userId: string; company?: string | null },
  now: Date,
): Promise<number> {
  const [push] = await tx
    .select({ id: bookPushes.id, ledger: officeAccounts.tallyLedger })
    .from(bookPushes)
    .innerJoin(officeAccounts, eq(officeAccounts.id, bookPushes.accountId))
    .where(eq(bookPushes.exportId, exportId));
  if (!push) return 0;
  const rows = await tx
    .select()
    .from(bookRows)
    .where(eq(bookRows.pushId, push.id))
    .orderBy(asc(bookRows.position));
  const ids = idsOf(push.ledger, rows);
  const recorded = await alreadyRecorded(tx, { ...scope, ledger: push.ledger }, ids.flat());
  const taken = rows.filter(
    (r, i) => r.pushedAt === null && ids[i].every((id) => recorded.get(id) === 'sent'),
  );
  await markPushed(
    tx,
    taken.map((r) => r.id),
    now,
  );
  return taken.length;
}

/**
 * A send again of an office push's export (issue 31): a new push record takes the old one's rows,
 * all of them, so the vouchers' ids (numbered over the same set) are those of the new export, and
 * Tally's answer to it marks them. Rows every voucher of which is already in Tally are marked now.
 * Nothing happens for an export that is no office push.
 */
export async function carryBookPush(
  tx: DbOrTx,
  from: { exportId: string; userId: string; company: string },
  to: { exportId: string; vouchers: number },
  now: Date,
): Promise<void> {
  const [old] = await tx.select().from(bookPushes).where(eq(bookPushes.exportId, from.exportId));
  if (!old) return;
  const waiting = await tx
    .select({ id: bookRows.id })
    .from(bookRows)
    .where(and(eq(bookRows.pushId, old.id), isNull(bookRows.pushedAt)));
  const [push] = await tx
    .insert(bookPushes)
    .values({
      userId: old.userId,
      accountId: old.accountId,
      rows: waiting.length,
      vouchers: to.vouchers,
      exportId: to.exportId,
      createdAt: now,
    })
    .returning({ id: bookPushes.id });
  await tx.update(bookRows).set({ pushId: push.id }).where(eq(bookRows.pushId, old.id));
  await confirmBookRows(tx, to.exportId, { userId: from.userId, company: from.company }, now);
}
