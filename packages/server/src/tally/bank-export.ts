// The one way the server turns statement rows into Tally's import file, for Download XML
// (/{bank}/download-xml, /tally/generate-xml) and Send to Tally alike (issue 12, docs/decisions/036):
// - ledgers the known company already has are never declared (the same rule for both paths);
// - when the rows come from a statement kept on the server, each row's reference (cheque number,
//   UTR) and value date are taken from the stored rows, so the bank allocations carry the
//   instrument number and date Tally's bank reconciliation matches on. The browser's rows only
//   say which rows; what the statement printed is never taken from the browser.
import { parseSpecDate } from '@bahi/core';
import type { StatementTransaction } from '@bahi/contract';
import { buildBankVouchersXml, type BankTransaction } from '@bahi/tally';
import type { DbOrTx } from '../db/index.ts';
import { notFound } from '../errors.ts';
import { loadStatementRows } from '../statements/results.ts';
import { rowsToBankTransactions } from '../statements/shape.ts';
import { ledgerNames, loadCompany } from './company.ts';
import { PrintedRows, type Printed } from './printed-rows.ts';

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
};

/** The import file of the rows, and how many vouchers it holds. 404 when the statement is not the user's. */
export async function bankExportXml(
  db: DbOrTx,
  userId: string,
  input: BankExportInput,
): Promise<{ xml: string; vouchers: number }> {
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
  const xml = buildBankVouchersXml({
    bankLedger: input.bankLedger,
    transactions,
    company: company || undefined,
    withMasters: true,
    existingLedgers: ledgerNames(known),
  });
  const vouchers = transactions.reduce((n, t) => n + (t.withdrawal ? 1 : 0) + (t.deposit ? 1 : 0), 0);
  return { xml, vouchers };
}
