// The one way the server turns statement rows into Tally's import file, for Download XML
// (/{bank}/download-xml, /tally/generate-xml) and Send to Tally alike (issue 12, docs/decisions/036):
// - ledgers the known company already has are never declared (the same rule for both paths);
// - when the rows come from a statement kept on the server, each row's reference (cheque number,
//   UTR) and value date are taken from the stored rows, so the bank allocations carry the
//   instrument number and date Tally's bank reconciliation matches on. The browser's rows only
//   say which rows; what the statement printed is never taken from the browser;
// - each transaction goes into the books once (issue 31): vouchers Bahi's record (sent.ts) holds as
//   sent or downloaded for this company and bank ledger are left out and counted, unless asked.
import { parseSpecDate } from '@bahi/core';
import {
  bankMovements,
  bankVoucherIds,
  buildBankVouchersXml,
  heldKeys,
  isCashNarration,
  plannedBankMasters,
  TALLY_PREDEFINED_GROUPS,
  type BankTransaction,
  type HeldMovement,
  type PlannedMaster,
} from '@bahi/tally';
import type { PushPlanAnswer, StatementTransaction, TallyCompanyAnswer } from '@bahi/contract';
import type { Db, DbOrTx } from '../db/index.ts';
import { invalid, notFound } from '../errors.ts';
import { suggestLedgers } from '../statements/ledger-memory.ts';
import { loadStatementRows } from '../statements/results.ts';
import { rowsToBankTransactions } from '../statements/shape.ts';
import { ledgerNames, loadCompany, splitTaxLedgersOf } from './company.ts';
import { payerOf } from '../office/team.ts';
import { PrintedRows, type Printed } from './printed-rows.ts';
import { alreadyRecorded, heldDays, recordedMovements } from './sent.ts';

/** A cash withdrawal or deposit by its narration, when the user named no ledger for the row. */
export const cashWithoutLedger = (t: BankTransaction, side: 'withdrawal' | 'deposit') =>
  !t.ledger?.trim() && isCashNarration(t.description, side);

/** The bank transaction's reference and ISO value date from what was printed. */
function printedFields(p: Printed): Pick<BankTransaction, 'reference' | 'valueDate'> {
  const valueDate = p.valueDate ? parseSpecDate(p.valueDate) : null;
  return { ...(p.reference ? { reference: p.reference } : {}), ...(valueDate ? { valueDate } : {}) };
}

export type BankExportInput = {
  rows: readonly StatementTransaction[];
  bankLedger: string;
  /** The Tally company the file is for: named in the file, and its known ledgers not declared. */
  companyName?: string;
  /** The stored statement the rows are from (its id): references and value dates come from it. */
  statementId?: string;
  /** Put in again the vouchers already sent or downloaded (the user lost the file, or deleted them in Tally). */
  includeSent?: boolean;
  /** What the company holds on the bank ledger, read through the bridge: those vouchers are left out. */
  held?: readonly HeldMovement[];
  /** The groups the user chose for new ledgers (issue 31: never Suspense A/c unless asked). */
  ledgerGroups?: Readonly<Record<string, string>>;
  newLedgerGroup?: string;
};

export type BankExport = {
  xml: string;
  /** vouchers in the file */
  vouchers: number;
  /** their ids, in the file's order */
  ids: string[];
  /** the bank's movement of each voucher of the request, by id (kept with the record) */
  movementOf: ReadonlyMap<string, HeldMovement>;
  /** left out: Tally confirmed them before */
  alreadySent: number;
  /** left out: they were in a file downloaded before */
  alreadyDownloaded: number;
  /** left out: the company holds them (read through the bridge); their ids */
  inTally: string[];
};

/** The user's words for what was left out, or '' when nothing was. */
export function leftOutMessage(
  e: Pick<BankExport, 'alreadySent' | 'alreadyDownloaded'> & { inTally?: readonly string[] },
): string {
  const parts = [
    e.alreadySent ? `${e.alreadySent} already sent to Tally` : '',
    e.alreadyDownloaded ? `${e.alreadyDownloaded} already downloaded` : '',
    e.inTally?.length ? `${e.inTally.length} already in Tally` : '',
  ].filter(Boolean);
  return parts.length ? `Left out ${parts.join(' and ')}.` : '';
}

/** The builder's planned masters as the contract shows them. */
export const plannedForScreen = (masters: readonly PlannedMaster[]) =>
  masters.map((m) => ({ name: m.name, group: m.parent, kind: m.kind, needs_group: m.defaulted }));

/**
 * New ledgers whose group nobody chose are refused (422 naming them), not put under Suspense A/c:
 * an expense or a party filed under Suspense is wrong books the accountant has to find (issue 31).
 */
export function requireChosenGroups(
  masters: readonly PlannedMaster[],
  company: TallyCompanyAnswer | undefined,
): void {
  const unchosen = masters.filter((m) => m.defaulted).map((m) => m.name);
  if (unchosen.length === 0) return;
  const named =
    unchosen.slice(0, 5).join(', ') + (unchosen.length > 5 ? ` and ${unchosen.length - 5} more` : '');
  throw invalid(
    `Choose the group of the new ledger(s) ${named} (for example Indirect Expenses or Sundry Creditors): ` +
      'Bahi does not put new ledgers under Suspense A/c unless asked.',
    // The groups to choose from go with the refusal: a screen without the plan can offer them.
    { new_ledgers: unchosen.slice(0, 200), groups: groupsToChoose(company) },
  );
}

/** The company's groups when it was read, else TallyPrime's predefined ones. */
export const groupsToChoose = (company: TallyCompanyAnswer | undefined): string[] =>
  company?.groups.length ? company.groups.map((g) => g.name) : [...TALLY_PREDEFINED_GROUPS];

/** What the user's stored statement printed beside its rows (404 when it is not the user's). */
export async function printedRowsOf(db: DbOrTx, userId: string, statementId: string): Promise<PrintedRows> {
  const page = await loadStatementRows(db, userId, statementId, {
    offset: 0,
    limit: Number.MAX_SAFE_INTEGER,
  });
  if (!page) throw notFound('No such statement.');
  return new PrintedRows(page.rows);
}

/**
 * The rows as the builders take them, with the reference and value date the stored statement printed
 * beside each (when the rows are from one; 404 when it is not the user's), and for each transaction
 * the index of the row it came from (plans name rows).
 */
export async function statementTransactions(
  db: DbOrTx,
  userId: string,
  rows: readonly StatementTransaction[],
  statementId: string | undefined,
): Promise<{ transactions: BankTransaction[]; rowOf: number[] }> {
  const printed = statementId ? await printedRowsOf(db, userId, statementId) : undefined;
  const rowOf: number[] = [];
  const transactions: BankTransaction[] = rows.flatMap((row, r) =>
    rowsToBankTransactions([row]).map((t) => {
      rowOf.push(r);
      return printed
        ? { ...t, ...printedFields(printed.take([row.Date, row.Description, row.Withdrawal, row.Deposit])) }
        : t;
    }),
  );
  return { transactions, rowOf };
}

/** The rows as the builder takes them, their ids, and what is left out (recorded, or held in Tally). */
async function prepare(db: DbOrTx, userId: string, input: BankExportInput) {
  const company = input.companyName?.trim();
  // The office's company (decision 057): a member's statement screen knows what the office read.
  const known = company ? await loadCompany(db, await payerOf(db, userId), company) : undefined;
  const { transactions, rowOf } = await statementTransactions(db, userId, input.rows, input.statementId);
  const perRow = bankVoucherIds({ bankLedger: input.bankLedger, transactions });
  const all = perRow.flat();
  const scope = { userId, company, ledger: input.bankLedger };
  const recorded = input.includeSent ? new Map<string, string>() : await alreadyRecorded(db, scope, all);
  const movements = transactions.flatMap((t, i) =>
    bankMovements(t, i).map((m, k) => ({ key: perRow[i][k], date: t.date, ...m })),
  );
  const movementOf = new Map(movements.map((m) => [m.key, { date: m.date, side: m.side, paise: m.paise }]));
  // What Tally holds answers for the movements Bahi has no record of, by day, side and amount; every
  // voucher Bahi's record holds in the held days, in the request or not (a filtered view, a later
  // statement), takes its own held twin first.
  const days = heldDays(input.held ?? []);
  const inTally = days
    ? heldKeys(
        movements,
        input.held!,
        recorded,
        await recordedMovements(db, scope, days[0], days[1], new Set(all)),
      )
    : new Set<string>();
  const options = {
    company: company || undefined,
    existingLedgers: ledgerNames(known),
    taxLedgers: splitTaxLedgersOf(known),
    tallyVersion: known?.company.version || undefined,
    leaveOut: new Set([...recorded.keys(), ...inTally]),
    // Cash at the counter or an ATM is a Contra against Cash on every path (issue 31), as on the
    // command line; a row the user gave a ledger of its own keeps it (and stays Payment/Receipt).
    contraForCash: true,
    isCash: cashWithoutLedger,
    ledgerGroups: input.ledgerGroups,
    newLedgerGroup: input.newLedgerGroup,
  };
  const how = [...recorded.values()];
  const ids = all.filter((id) => !recorded.has(id) && !inTally.has(id));
  return {
    known,
    transactions,
    rowOf,
    perRow,
    options,
    left: {
      vouchers: ids.length,
      ids,
      movementOf,
      inTally: [...inTally],
      alreadySent: how.filter((h) => h === 'sent').length,
      alreadyDownloaded: how.filter((h) => h === 'downloaded').length,
    },
  };
}

/**
 * The import file of the rows, and how many vouchers it holds, the ones already sent or downloaded
 * left out (and counted). 404 when the statement is not the user's; 422 when it would create a
 * ledger whose group nobody chose.
 */
export async function bankExportXml(db: DbOrTx, userId: string, input: BankExportInput): Promise<BankExport> {
  const p = await prepare(db, userId, input);
  const account = { bankLedger: input.bankLedger, transactions: p.transactions };
  // A caller that chooses groups (the screens do, through the push plan) is held to its choice; a
  // call in the specification's own shape, which has no word for groups, keeps its behaviour: the
  // ledgers it names go under Suspense A/c, as that contract has always put them (decision 037).
  const choosing = input.ledgerGroups !== undefined || input.newLedgerGroup !== undefined;
  if (choosing) requireChosenGroups(plannedBankMasters({ ...p.options, accounts: [account] }), p.known);
  const xml = buildBankVouchersXml({
    ...account,
    ...p.options,
    withMasters: true,
    ungroupedUnderSuspense: !choosing,
  });
  return { xml, ...p.left };
}

/**
 * What the export would do, before it is done (issue 31): how many vouchers, what is left out, the
 * rows without a ledger (and the ledgers remembered for them), and the masters it would create with
 * their groups.
 */
export async function bankExportPlan(
  db: Db,
  userId: string,
  input: BankExportInput,
): Promise<PushPlanAnswer> {
  const p = await prepare(db, userId, input);
  const masters = plannedBankMasters({
    ...p.options,
    accounts: [{ bankLedger: input.bankLedger, transactions: p.transactions }],
  });
  // Rows whose vouchers go (some movement not left out) and that name no ledger and are no cash.
  const going = (i: number) => p.perRow[i].some((id) => !p.options.leaveOut.has(id));
  const bare = new Set<number>();
  p.transactions.forEach((t, i) => {
    if (!going(i) || t.ledger?.trim()) return;
    if (bankMovements(t, i).every((m) => cashWithoutLedger(t, m.side))) return;
    bare.add(p.rowOf[i]);
  });
  const rows = [...bare];
  const recalled = await suggestLedgers(
    db,
    userId,
    rows.map((r) => input.rows[r].Description),
  );
  return {
    vouchers: p.left.vouchers,
    already_sent: p.left.alreadySent,
    already_downloaded: p.left.alreadyDownloaded,
    already_in_tally: p.left.inTally.length,
    without_ledger: rows.length,
    without_ledger_rows: rows,
    suggestions: recalled.map((s) => ({ ...s, index: rows[s.index] })),
    masters: plannedForScreen(masters),
    groups: groupsToChoose(p.known),
  };
}
