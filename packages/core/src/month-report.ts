/**
 * A client's month (issue 35, docs/decisions/055): per bank account the opening and closing
 * balance, money in and out; in and out by ledger over all accounts; the rows still on Suspense;
 * the GST input and TDS the rows' splits book; and the statements missing for the month (a break in
 * the balance chain, days no statement covers). Pure: the server reads the rows and adds what Tally
 * answered to each push.
 *
 * Amounts follow the voucher builder exactly: each printed amount is a movement signed as printed
 * (a negative withdrawal is money in, as tally's bankMovements reads it), and a split's legs are
 * core's splitLegs, so the report and the vouchers never disagree on a paisa.
 */
import { balanceGaps, type BookRow, type Period } from './book.ts';
import { addDays } from './dates.ts';
import type { Paise } from './money.ts';
import { splitLegs, type TaxHead, type TaxLedgerNames, type TaxSplit } from './tax-split.ts';

export interface ReportRow extends BookRow {
  /** the row's ledger; blank: Suspense */
  ledger: string;
  taxSplit?: TaxSplit | null;
  pushed: boolean;
}

export interface ReportAccount {
  /** the account's bank ledger in Tally */
  ledger: string;
  /** how the screen names the account ('HDFC 50100…') */
  label: string;
  /** the whole book in date order: the month's opening needs the rows before it */
  rows: readonly ReportRow[];
  /** the periods of the statements filed into the account */
  statements: readonly Period[];
}

export interface AccountMonth {
  ledger: string;
  label: string;
  /** the balance before the month's first row (or the last printed before the month); null: unknown */
  opening: Paise | null;
  /** the last printed balance of the month (or before it, with no row in the month); null: unknown */
  closing: Paise | null;
  inflow: Paise;
  outflow: Paise;
  rows: number;
  pushed: number;
  /** breaks in the balance chain within the month: money missing (a statement not filed, a misread) */
  gaps: { afterDate: string; beforeDate: string; expected: Paise; printed: Paise; difference: Paise }[];
  /** days of the month no filed statement covers */
  uncovered: Period[];
}

export interface LedgerMonth {
  ledger: string;
  inflow: Paise;
  outflow: Paise;
  rows: number;
}

export interface TaxMonth {
  ledger: string;
  head: TaxHead;
  /** debit positive: GST input and TDS receivable are debits, TDS payable a credit */
  drPaise: Paise;
  rows: number;
}

export interface MonthReport {
  /** 'YYYY-MM' */
  month: string;
  accounts: AccountMonth[];
  byLedger: LedgerMonth[];
  suspense: { account: string; date: string; description: string; inflow: Paise; outflow: Paise }[];
  taxes: TaxMonth[];
}

/** The movements of a row as the voucher builder reads them: positive, with their direction. */
export function rowMovements(row: {
  withdrawal: Paise;
  deposit: Paise;
}): { paise: Paise; moneyIn: boolean }[] {
  const out: { paise: Paise; moneyIn: boolean }[] = [];
  if (row.withdrawal) out.push({ paise: Math.abs(row.withdrawal), moneyIn: row.withdrawal < 0 });
  if (row.deposit) out.push({ paise: Math.abs(row.deposit), moneyIn: row.deposit > 0 });
  return out;
}

/** The days of a month, 'YYYY-MM' -> first and last ISO day. */
export function monthDays(month: string): Period {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new RangeError(`not a month: ${month}`);
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Days of `span` that none of `periods` covers, as inclusive ranges. */
function holesIn(span: Period, periods: readonly Period[]): Period[] {
  const sorted = periods
    .filter((p) => p.from <= p.to && p.to >= span.from && p.from <= span.to)
    .sort((a, b) => (a.from < b.from ? -1 : 1));
  const holes: Period[] = [];
  let next = span.from;
  for (const p of sorted) {
    if (p.from > next) holes.push({ from: next, to: addDays(p.from, -1) });
    const after = addDays(p.to, 1);
    if (after > next) next = after;
    if (next > span.to) break;
  }
  if (next <= span.to) holes.push({ from: next, to: span.to });
  return holes;
}

export function monthReport(
  month: string,
  accounts: readonly ReportAccount[],
  options: { suspenseLedger?: string; taxLedgers?: Partial<TaxLedgerNames> } = {},
): MonthReport {
  const days = monthDays(month);
  const suspense = options.suspenseLedger?.trim() || 'Suspense';
  const byLedger = new Map<string, LedgerMonth>();
  const taxes = new Map<string, TaxMonth>();
  const onSuspense: MonthReport['suspense'] = [];
  const out: AccountMonth[] = [];
  for (const account of accounts) {
    const a: AccountMonth = {
      ledger: account.ledger,
      label: account.label,
      opening: null,
      closing: null,
      inflow: 0,
      outflow: 0,
      rows: 0,
      pushed: 0,
      gaps: [],
      uncovered: holesIn(days, account.statements),
    };
    let before: Paise | null = null;
    let first = true;
    account.rows.forEach((r) => {
      // a row without a printed balance carries the last one by its amounts
      const carry = (b: Paise | null) => r.balance ?? (b === null ? null : b - r.withdrawal + r.deposit);
      if (r.date < days.from) {
        before = carry(before);
        return;
      }
      if (r.date > days.to) return;
      if (first) {
        first = false;
        a.opening = r.balance !== null ? r.balance + r.withdrawal - r.deposit : before;
        a.closing = a.opening;
      }
      a.closing = carry(a.closing);
      a.rows++;
      if (r.pushed) a.pushed++;
      const ledger = r.ledger.trim() || suspense;
      const entry = byLedger.get(ledger.toLowerCase()) ?? { ledger, inflow: 0, outflow: 0, rows: 0 };
      entry.rows++;
      let inflow = 0;
      let outflow = 0;
      for (const m of rowMovements(r)) {
        if (m.moneyIn) inflow += m.paise;
        else outflow += m.paise;
        if (!r.taxSplit) continue;
        for (const leg of splitLegs(m, ledger, account.ledger, r.taxSplit, options.taxLedgers)) {
          if (leg.role === 'bank' || leg.role === 'ledger') continue;
          const key = `${leg.ledger.toLowerCase()}\u0000${leg.role}`;
          const t = taxes.get(key) ?? { ledger: leg.ledger, head: leg.role, drPaise: 0, rows: 0 };
          t.drPaise += leg.drPaise;
          t.rows++;
          taxes.set(key, t);
        }
      }
      a.inflow += inflow;
      a.outflow += outflow;
      entry.inflow += inflow;
      entry.outflow += outflow;
      byLedger.set(ledger.toLowerCase(), entry);
      if (ledger.toLowerCase() === suspense.toLowerCase())
        onSuspense.push({
          account: account.label,
          date: r.date,
          description: r.description,
          inflow,
          outflow,
        });
    });
    if (first) {
      // no row in the month: the balance stood where the rows before it left it
      a.opening = before;
      a.closing = before;
    }
    // the breaks whose row is in the month; a break on its first row is money missing before it
    for (const g of balanceGaps(account.rows)) {
      const at = account.rows[g.before].date;
      if (at < days.from || at > days.to) continue;
      a.gaps.push({
        afterDate: account.rows[g.after].date,
        beforeDate: at,
        expected: g.expected,
        printed: g.printed,
        difference: g.difference,
      });
    }
    out.push(a);
  }
  return {
    month,
    accounts: out,
    byLedger: [...byLedger.values()].sort((x, y) => x.ledger.localeCompare(y.ledger)),
    suspense: onSuspense,
    taxes: [...taxes.values()].sort((x, y) => x.ledger.localeCompare(y.ledger)),
  };
}
