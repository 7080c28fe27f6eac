// The statements of ../shared/corpus-real as their ground truths print them (issue 31's "Done
// means" is per statement): each statement's rows in paise, capped so a run of every statement
// stays within a couple of minutes on a shared two-core machine (BAHI_BOOKS_ONCE_ROWS: 0 for all).
// Rows come from the truth, not the reader, so the tests that use them test the Tally paths.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { StatementTransaction } from '@bahi/contract';
import { toRow } from '../../src/statements/shape.ts';
import { REAL_CORPUS } from './shared.ts';

export const BOOKS_ONCE_CAP = Number(process.env.BAHI_BOOKS_ONCE_ROWS ?? 250);

export type Truth = {
  openingBalance: number | null;
  closingBalance: number | null;
  transactions: {
    date: string;
    description: string;
    withdrawal: number;
    deposit: number;
    balance: number | null;
    reference: string | null;
  }[];
};

export const paise = (rupees: number) => Math.round(rupees * 100);

/** Every statement of corpus-real with a ground truth: its name, its bank's folder and the truth. */
export function realStatements(): { name: string; bank: string; truth: Truth }[] {
  const out = [];
  for (const bank of readdirSync(REAL_CORPUS).sort()) {
    if (!statSync(join(REAL_CORPUS, bank)).isDirectory()) continue;
    for (const f of readdirSync(join(REAL_CORPUS, bank)).sort())
      if (f.endsWith('.truth.json'))
        out.push({
          name: f.replace(/\.truth\.json$/, ''),
          bank,
          truth: JSON.parse(readFileSync(join(REAL_CORPUS, bank, f), 'utf8')) as Truth,
        });
  }
  return out;
}

/** The truth's rows in paise, as a reader answers them (the command line builds from these). */
export function truthTransactions(truth: Truth, cap = BOOKS_ONCE_CAP) {
  const whole = cap === 0 || truth.transactions.length <= cap;
  return {
    whole,
    transactions: truth.transactions.slice(0, whole ? undefined : cap).map((t) => ({
      date: t.date,
      valueDate: null,
      description: t.description,
      reference: t.reference,
      withdrawal: paise(t.withdrawal),
      deposit: paise(t.deposit),
      balance: t.balance === null ? null : paise(t.balance),
    })),
  };
}

/** The same rows as the statement screen holds and sends them. */
export const screenRows = (transactions: ReturnType<typeof truthTransactions>['transactions']) =>
  transactions.map((t): StatementTransaction => toRow(t));
