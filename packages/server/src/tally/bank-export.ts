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
import type { StatementTransaction } from '@bahi/contract';
import {
  bankMovements,
  bankVoucherIds,
  buildBankVouchersXml,
  heldKeys,
  isCashNarration,
  type BankTransaction,
  type HeldMovement,
} from '@bahi/tally';
import type { DbOrTx } from '../db/index.ts';
import { notFound } from '../errors.ts';
import { loadStatementRows } from '../statements/results.ts';
import { rowsToBankTransactions } from '../statements/shape.ts';
import { ledgerNames, loadCompany } from './company.ts';
import { PrintedRows, type Printed } from './printed-rows.ts';
import { alreadyRecorded } from './sent.ts';

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
};

export type BankExport = {
  xml: string;
  /** vouchers in the file */
  vouchers: number;
  /** their ids, in the file's order */
  ids: string[];
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

/**
 * The import file of the rows, and how many vouchers it holds, the ones already sent or downloaded
 * left out (and counted). 404 when the statement is not the user's.
 */
export async function bankExportXml(db: DbOrTx, userId: string, input: BankExportInput): Promise<BankExport> {
  const company = input.companyName?.trim();
  const known = company ? await loadCompany(db, userId, company) : undefined;
  let printed: PrintedRows | undefined;
  if (input.statementId) {
    const page = await loadStatementRows(db, userId, input.statementId, {
      offset: 0,
      limit: Number.MAX_SAFE_INTEGER,
    });
    if (!page) throw notFound('No such statement.');
    printed = new PrintedRows(page.rows);
  }
  const transactions: BankTransaction[] = input.rows.flatMap((row) =>
    rowsToBankTransactions([row]).map((t) =>
      printed
        ? { ...t, ...printedFields(printed.take([row.Date, row.Description, row.Withdrawal, row.Deposit])) }
        : t,
    ),
  );
  const perRow = bankVoucherIds({ bankLedger: input.bankLedger, transactions });
  const all = perRow.flat();
  const recorded = input.includeSent
    ? new Map<string, string>()
    : await alreadyRecorded(db, { userId, company, ledger: input.bankLedger }, all);
  // What Tally holds answers for the movements Bahi has no record of, by day, side and amount.
  const inTally = input.held?.length
    ? heldKeys(
        transactions
          .flatMap((t, i) => bankMovements(t, i).map((m, k) => ({ key: perRow[i][k], date: t.date, ...m })))
          .filter((m) => !recorded.has(m.key)),
        input.held,
      )
    : new Set<string>();
  const xml = buildBankVouchersXml({
    bankLedger: input.bankLedger,
    transactions,
    company: company || undefined,
    withMasters: true,
    existingLedgers: ledgerNames(known),
    leaveOut: new Set([...recorded.keys(), ...inTally]),
    // Cash at the counter or an ATM is a Contra against Cash on every path (issue 31), as on the
    // command line; a row the user gave a ledger of its own keeps it (and stays Payment/Receipt).
    contraForCash: true,
    isCash: cashWithoutLedger,
  });
  const how = [...recorded.values()];
  const ids = all.filter((id) => !recorded.has(id) && !inTally.has(id));
  return {
    xml,
    vouchers: ids.length,
    ids,
    inTally: [...inTally],
    alreadySent: how.filter((h) => h === 'sent').length,
    alreadyDownloaded: how.filter((h) => h === 'downloaded').length,
  };
}
