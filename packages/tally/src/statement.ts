// From a parsed statement's accounts to bank-voucher input. Kept structural so the tally package
// does not depend on the statements package.
import { accountLedger } from '@bahi/core';
import type { BankAccountInput, BankTransaction } from './bank.ts';

export interface StatementAccountLike {
  number: string | null;
  transactions: readonly {
    date: string;
    valueDate?: string | null;
    description: string;
    reference: string | null;
    withdrawal: number;
    deposit: number;
    balance?: number | null;
    ledger?: string;
  }[];
}

/**
 * The bank ledger of each account:
 * - one account: the ledger given, else the specification's default `${bank label} A/c ${number}`;
 * - several accounts (a consolidated statement): the ledger given followed by the account number,
 *   so each account posts to its own ledger, else the default per account.
 */
export function bankLedgerNames(
  accounts: readonly { number: string | null }[],
  ledger: string | undefined,
  bankLabel: string,
): string[] {
  const given = ledger?.trim();
  return accounts.map((a, i) => {
    const number = a.number?.trim() || (accounts.length > 1 ? String(i + 1) : '');
    if (given) return accounts.length === 1 ? given : `${given} ${number}`;
    return accountLedger(bankLabel, number);
  });
}

export function statementToBankAccounts(
  accounts: readonly StatementAccountLike[],
  ledger: string | undefined,
  bankLabel: string,
): BankAccountInput[] {
  const names = bankLedgerNames(accounts, ledger, bankLabel);
  return accounts.map((a, i) => ({
    bankLedger: names[i],
    accountNumber: a.number?.trim() || undefined,
    transactions: a.transactions.map((t): BankTransaction => ({
      date: t.date,
      valueDate: t.valueDate ?? undefined,
      description: t.description,
      withdrawal: t.withdrawal,
      deposit: t.deposit,
      balance: t.balance ?? null,
      reference: t.reference ?? undefined,
      ledger: t.ledger,
    })),
  }));
}
