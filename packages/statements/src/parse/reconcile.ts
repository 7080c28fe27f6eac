// Reconciliation: opening + deposits - withdrawals must give every printed running balance and the
// closing balance, in paise; printed counts and totals must equal what was read.
import type { BalanceBreak, PrintedTotals, Reconciliation, Transaction } from './types.ts';
import { paiseToRupees } from './amount.ts';

export interface PrintedFigures {
  opening: number | null;
  closing: number | null;
  debitCount: number | null;
  creditCount: number | null;
  debitTotal: number | null;
  creditTotal: number | null;
}

const rupees = (p: number) => paiseToRupees(p).toFixed(2);

/** Whether the rows give every count and total the statement prints (true when it prints none). */
export function totalsMatch(
  txs: Transaction[],
  printed: Pick<PrintedFigures, 'debitCount' | 'creditCount' | 'debitTotal' | 'creditTotal'>,
): boolean {
  let [dc, cc, withdrawals, deposits] = [0, 0, 0, 0];
  for (const t of txs) {
    if (t.withdrawal > 0) dc++;
    if (t.deposit > 0) cc++;
    withdrawals += t.withdrawal;
    deposits += t.deposit;
  }
  return (
    (printed.debitCount === null || printed.debitCount === dc) &&
    (printed.creditCount === null || printed.creditCount === cc) &&
    (printed.debitTotal === null || printed.debitTotal === withdrawals) &&
    (printed.creditTotal === null || printed.creditTotal === deposits)
  );
}

export function reconcile(txs: Transaction[], printed: PrintedFigures): Reconciliation {
  let openingSource: Reconciliation['openingSource'] = 'printed';
  let opening = printed.opening;
  const first = txs[0];
  const notes: string[] = [];
  // a printed opening that does not lead to the first row: the chain goes on from the rows, and the
  // read is no success, for the rows before the first may never have been read (a table whose
  // first rows were taken for its header chains all the same)
  let openingDisagrees: string | null = null;
  if (opening !== null && first && first.balance !== null) {
    const derived = first.balance - first.deposit + first.withdrawal;
    if (derived !== opening) {
      openingDisagrees = `The opening balance printed on the statement (${rupees(opening)}) does not lead to the first row's balance (the rows give ${rupees(derived)}): rows before the first may not have been read.`;
      notes.push(openingDisagrees);
      opening = null;
    }
  }
  // the first printed balance, taken back through the rows of its day before it (a statement that
  // prints the balance on each day's last row only)
  const firstPrinted = txs.findIndex((t) => t.balance !== null);
  if (opening === null) {
    if (firstPrinted >= 0 && txs[firstPrinted]!.date === first!.date) {
      opening = txs
        .slice(0, firstPrinted + 1)
        .reduce((o, t) => o - t.deposit + t.withdrawal, txs[firstPrinted]!.balance!);
      openingSource = 'derived';
    } else {
      opening = 0;
      openingSource = 'none';
    }
  }
  const breaks: BalanceBreak[] = [];
  let bal = opening;
  let checked = 0;
  let deposits = 0;
  let withdrawals = 0;
  txs.forEach((t, index) => {
    deposits += t.deposit;
    withdrawals += t.withdrawal;
    bal += t.deposit - t.withdrawal;
    if (t.balance === null) return;
    checked++;
    if (t.balance !== bal) {
      breaks.push({
        index,
        date: t.date,
        expected: bal,
        printed: t.balance,
        reason: `balance should be ${rupees(bal)}, statement shows ${rupees(t.balance)}`,
      });
      bal = t.balance; // continue from the printed balance so one bad row is reported once
    }
  });
  let closing = printed.closing ?? (txs.length ? bal : opening);
  const last = txs[txs.length - 1];
  if (printed.closing !== null && printed.closing !== bal && last?.balance != null && breaks.length === 0) {
    notes.push(
      `The closing balance printed on the statement (${rupees(printed.closing)}) differs from the last row's balance (${rupees(bal)}).`,
    );
    closing = bal;
  } else if (printed.closing !== null && printed.closing !== bal) {
    breaks.push({
      index: txs.length,
      date: txs[txs.length - 1]?.date ?? '',
      expected: bal,
      printed: printed.closing,
      reason: `closing balance should be ${rupees(bal)}, statement shows ${rupees(printed.closing)}`,
    });
  }
  let printedTotals: PrintedTotals | undefined;
  if (
    printed.debitTotal !== null ||
    printed.creditTotal !== null ||
    printed.debitCount !== null ||
    printed.creditCount !== null
  ) {
    const matches = totalsMatch(txs, printed);
    printedTotals = {
      debitCount: printed.debitCount,
      creditCount: printed.creditCount,
      debitTotal: printed.debitTotal,
      creditTotal: printed.creditTotal,
      matches,
    };
  }
  // Rows of which not one balance was read are proven by nothing but printed totals: without them
  // the read is no success (a balance column read as nothing must not pass for a reconciled one).
  const ok =
    txs.length > 0 &&
    breaks.length === 0 &&
    (printedTotals?.matches ?? checked > 0) &&
    openingDisagrees === null;
  let message: string;
  if (!txs.length) message = 'No transactions were read.';
  else if (breaks.length) message = `${breaks.length} row(s) break the balance chain.`;
  else if (printedTotals && !printedTotals.matches)
    message = 'The printed debit/credit totals differ from the rows read.';
  else if (checked === 0)
    message = printedTotals
      ? 'No running balance was read; the rows match the printed debit and credit totals.'
      : 'No running balance was read, so nothing proves these rows: check them against the statement.';
  else if (openingDisagrees) message = openingDisagrees;
  else
    message = `Balances reconcile${openingSource === 'derived' ? ' (opening balance derived from the first row)' : ''}.`;
  return {
    ok,
    openingBalance: opening,
    closingBalance: closing,
    openingSource,
    totalDeposits: deposits,
    totalWithdrawals: withdrawals,
    checkedBalances: checked,
    breaks,
    ...(printedTotals ? { printedTotals } : {}),
    ...(notes.length ? { notes } : {}),
    message,
  };
}

/**
 * Single amount columns without a Dr/Cr marker: the balance movement tells the side. `sideByBalance`
 * says which rows came from such a column (a deposit column's row keeps its side).
 */
export function fixSidesFromBalance(
  txs: Transaction[],
  opening: number | null,
  sideByBalance: (t: Transaction) => boolean = () => true,
  /** rows whose withdrawal the chain may make a deposit too (a side only guessed) */
  bothWays: (t: Transaction) => boolean = () => false,
): void {
  const canFlip = (t: Transaction) =>
    (sideByBalance(t) && t.withdrawal === 0 && t.deposit > 0) ||
    // (and the other way where the side was only guessed: two amount columns whose sides no
    // header names were taken in the usual order, withdrawal first, and the deposit is first)
    (bothWays(t) && t.deposit === 0 && t.withdrawal > 0);
  let bal = opening;
  // rows since the last printed balance (a statement printing it on each day's last row only)
  let unproven: Transaction[] = [];
  let before = opening;
  for (const t of txs) {
    // a minus sign some banks print on every withdrawal, not a reversal: the balance says which
    if (bal !== null && t.balance !== null && (t.withdrawal < 0 || t.deposit < 0)) {
      const signed = bal + t.deposit - t.withdrawal;
      const plain = bal + Math.abs(t.deposit) - Math.abs(t.withdrawal);
      if (signed !== t.balance && plain === t.balance) {
        t.withdrawal = Math.abs(t.withdrawal);
        t.deposit = Math.abs(t.deposit);
      }
    }
    if (bal !== null && t.balance !== null && bal + t.deposit - t.withdrawal !== t.balance) {
      if (canFlip(t) && bal - t.deposit + t.withdrawal === t.balance) flip(t);
      else if (before !== null && unproven.length > 0) solveSides(before, [...unproven, t], canFlip);
    }
    bal = t.balance ?? (bal === null ? null : bal + t.deposit - t.withdrawal);
    if (t.balance === null) unproven.push(t);
    else {
      unproven = [];
      before = t.balance;
    }
  }
}

function flip(t: Transaction): void {
  [t.withdrawal, t.deposit] = [t.deposit, t.withdrawal];
}

/** the most rows whose sides are tried together (2^n readings) */
const MAX_SIDES_SOLVED = 12;

/**
 * Rows without a printed balance before one that prints it: their sides are the one combination
 * that reaches it, and only when exactly one does (two equal amounts of opposite sides are left).
 */
function solveSides(before: number, rows: Transaction[], canFlip: (t: Transaction) => boolean): void {
  const free = rows.filter(canFlip);
  if (free.length === 0 || free.length > MAX_SIDES_SOLVED) return;
  const target = rows.at(-1)!.balance!;
  const base = rows.reduce((b, t) => b + t.deposit - t.withdrawal, before);
  let found = -1;
  for (let mask = 1; mask < 1 << free.length; mask++) {
    let b = base;
    free.forEach((t, i) => {
      if (mask & (1 << i)) b += 2 * (t.withdrawal - t.deposit);
    });
    if (b !== target) continue;
    if (found >= 0) return;
    found = mask;
  }
  if (found > 0) free.forEach((t, i) => found & (1 << i) && flip(t));
}

/**
 * A statement that prints the balance only on each day's last row: the rows before it take the
 * running balance, marked computed, where the next printed balance proves the chain through them.
 * Returns the rows filled.
 */
export function fillBalances(txs: Transaction[], opening: number): Transaction[] {
  const filled: Transaction[] = [];
  let pending: [Transaction, number][] = [];
  let bal = opening;
  for (const t of txs) {
    bal += t.deposit - t.withdrawal;
    if (t.balance === null) {
      pending.push([t, bal]);
      continue;
    }
    if (t.balance === bal)
      for (const [p, v] of pending) {
        p.balance = v;
        p.balanceComputed = true;
        filled.push(p);
      }
    pending = [];
    bal = t.balance;
  }
  return filled;
}

/**
 * Statements printed newest first (net-banking prints, passbook apps): the dates run backwards, or,
 * within one day, the printed balances chain only when read from the bottom up.
 */
export function newestFirst(txs: Transaction[]): boolean {
  let up = 0;
  let down = 0;
  for (let i = 1; i < txs.length; i++) {
    if (txs[i]!.date > txs[i - 1]!.date) up++;
    else if (txs[i]!.date < txs[i - 1]!.date) down++;
  }
  if (up !== down) return down > up;
  const chained = (list: Transaction[]) => {
    let n = 0;
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1]!.balance;
      const b = list[i]!;
      if (a !== null && b.balance !== null && a + b.deposit - b.withdrawal === b.balance) n++;
    }
    return n;
  };
  return chained([...txs].reverse()) > chained(txs);
}
