// The corpus truth-file shape (../shared/corpus/README.md): what `bahi parse --format json` prints.
import { paiseToRupees as r } from './amount.ts';
import type { AccountStatement, StatementResult, Transaction } from './types.ts';

const tx = (t: Transaction) => ({
  date: t.date,
  valueDate: t.valueDate,
  description: t.description,
  reference: t.reference,
  withdrawal: r(t.withdrawal),
  deposit: r(t.deposit),
  balance: t.balance === null ? null : r(t.balance),
  ...(t.ocrFlag ? { ocrFlag: true } : {}),
  ...(t.balanceComputed ? { balanceComputed: true } : {}),
});

const rec = (a: AccountStatement) => ({
  ...a.reconciliation,
  openingBalance: r(a.reconciliation.openingBalance),
  closingBalance: r(a.reconciliation.closingBalance),
  totalDeposits: r(a.reconciliation.totalDeposits),
  totalWithdrawals: r(a.reconciliation.totalWithdrawals),
  breaks: a.reconciliation.breaks.map((b) => ({
    ...b,
    expected: r(b.expected),
    printed: b.printed === null ? null : r(b.printed),
  })),
  ...(a.reconciliation.printedTotals
    ? {
        printedTotals: {
          ...a.reconciliation.printedTotals,
          debitTotal:
            a.reconciliation.printedTotals.debitTotal === null
              ? null
              : r(a.reconciliation.printedTotals.debitTotal),
          creditTotal:
            a.reconciliation.printedTotals.creditTotal === null
              ? null
              : r(a.reconciliation.printedTotals.creditTotal),
        },
      }
    : {}),
});

export function toTruthJson(result: StatementResult): object {
  const first = result.accounts[0];
  const multi = result.accounts.length > 1;
  const sum = (f: (a: AccountStatement) => number) => r(result.accounts.reduce((s, a) => s + f(a), 0));
  const out: Record<string, unknown> = {
    bank: result.bank,
    format: result.format,
    account: { number: first?.number ?? null, holder: first?.holder ?? null, ifsc: first?.ifsc ?? null },
    period: first?.period ?? { from: null, to: null },
    openingBalance: multi
      ? sum((a) => a.reconciliation.openingBalance)
      : first
        ? r(first.reconciliation.openingBalance)
        : null,
    closingBalance: multi
      ? sum((a) => a.reconciliation.closingBalance)
      : first
        ? r(first.reconciliation.closingBalance)
        : null,
    transactions: result.accounts.flatMap((a) => a.transactions.map(tx)),
  };
  if (multi) {
    out.accounts = result.accounts.map((a) => ({
      number: a.number,
      holder: a.holder,
      ifsc: a.ifsc,
      type: a.type,
      openingBalance: r(a.reconciliation.openingBalance),
      closingBalance: r(a.reconciliation.closingBalance),
      transactions: a.transactions.map(tx),
      reconciliation: rec(a),
    }));
  }
  const recs = result.accounts.map(rec);
  out.reconciliation = multi
    ? {
        ok: result.accounts.every((a) => a.reconciliation.ok),
        accounts: recs,
        message: recs.map((x) => x.message).join(' '),
      }
    : (recs[0] ?? { ok: false, message: 'No transactions were read.' });
  out.detection = result.detection;
  out.issues = result.issues;
  return out;
}
