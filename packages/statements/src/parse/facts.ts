// Facts printed around the table: account, holder, IFSC, period, opening/closing balances and the
// printed debit/credit counts and totals. Read from label text, never from positions.
import { balancePaise, readAmount } from './amount.ts';
import { findDates } from './dates.ts';
import type { Line } from './lines.ts';
import type { PrintedFigures } from './reconcile.ts';
import { minOf } from './extent.ts';

/** What the statement prints about its account and period, and the figures reconcile() checks. */
export interface Facts extends PrintedFigures {
  number: string | null;
  holder: string | null;
  ifsc: string | null;
  type: string | null;
  from: string | null;
  to: string | null;
}

export function emptyFacts(): Facts {
  return {
    number: null,
    holder: null,
    ifsc: null,
    type: null,
    from: null,
    to: null,
    opening: null,
    closing: null,
    debitCount: null,
    creditCount: null,
    debitTotal: null,
    creditTotal: null,
  };
}

// (a currency printed before the figure: 'Opening Balance : INR 56,873.43')
const CURRENCY = String.raw`(?:(?:INR|Rs\.?|₹)\s*)?`;
// (overdrawn: a minus before or after the figure, or brackets: '3,00,521.40-', '(Rs.11,238.54)')
const AMOUNT = String.raw`([-\u2212\u2013]?\(?(?:(?:INR|Rs\.?|₹)\s*)?[\d,]+\.\d{2}\)?[-\u2212\u2013]?\s*(?:\(?(?:Cr|Dr)\.?\)?)?)`;
const amt = (s: string) => {
  const a = readAmount(s.trim());
  return a ? balancePaise(a) : null;
};

/** Reads facts from lines; earlier values win, so pass the most specific lines first. */
export function readFacts(lines: Line[], into: Facts = emptyFacts()): Facts {
  const f = into;
  const set = <K extends keyof Facts>(k: K, v: Facts[K] | null | undefined) => {
    if (f[k] === null && v !== null && v !== undefined && v !== '') f[k] = v;
  };
  let asOn: { date: string | null; paise: number | null } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.text;
    const ifsc = /\b([A-Z]{4}0[A-Z0-9]{6})\b/.exec(t);
    if (ifsc && /ifs/i.test(t)) set('ifsc', ifsc[1]);
    const num = /(?:account\s*(?:no|number)\.?|a\/c\s*(?:no\.?)?)\s*[:-]?\s*(\d{6,20})\b/i.exec(t);
    if (num && !/x{2,}/i.test(num[0])) set('number', num[1]);
    const type =
      /(?:account\s*type|product|scheme|account\s*description)\s*:\s*([A-Z][A-Z0-9 -]+?)(?=\s{1,}[A-Z][a-z]+\s*:|$)/i.exec(
        t,
      );
    if (type) set('type', type[1]!.trim());
    // 'Name :' but not 'Branch Name :'; 'To :' only where a line starts with it (not 'From : … To : …')
    const holder =
      /(?<![A-Za-z]\s)(?<![A-Za-z])(?:account\s+name|customer\s+name|name|customer|account\s+holder)\s*:\s*(.+?)(?=\s+(?:account|branch|home|a\/c|cust|customer|ifsc|ifs|micr|currency|product|address|mobile|phone|cif|email)\b[^:]*:|$)/i.exec(
        t,
      ) ??
      /^to\s*:\s*(.+?)(?=\s+(?:account|branch|home|a\/c|cust|customer|ifsc|ifs|micr|currency|product|address|mobile|phone|cif|email)\b[^:]*:|$)/i.exec(
        t,
      );
    if (holder) set('holder', holder[1]!.trim());
    // NetBanking exports: 'Transactions List - NAME (customer id) - INR - Savings Account - 0182…'
    const list = /transactions\s+list\s*-\s*(.+?)\s*\(\d+\)\s*-\s*[A-Z]{3}\s*-\s*(.+?)\s*-\s*(\d{6,})/i.exec(
      t,
    );
    if (list) {
      f.holder = list[1]!.trim();
      set('type', list[2]!.trim());
      set('number', list[3]);
    }
    if (/period|from|between|statement|transaction date|\d\s+to\s+\d/i.test(t)) {
      const d = findDates(t);
      if (d.length >= 2) {
        set('from', d[0]);
        set('to', d[1]);
      }
    }
    let m = new RegExp(String.raw`opening\s+balance\s*:?\s*` + CURRENCY + AMOUNT, 'i').exec(t);
    if (m) set('opening', amt(m[1]!));
    // 'Balance as on 27 APR 2023 INR 894.02': the figure whole, its date said which balance it is
    m = new RegExp(
      String.raw`balance\s+as\s+on\s+([^:]*?)\s*:?\s*` + CURRENCY + String.raw`(?<![\d,.])` + AMOUNT,
      'i',
    ).exec(t);
    if (m && !asOn) asOn = { date: findDates(m[1]!)[0] ?? null, paise: amt(m[2]!) };
    m = new RegExp(String.raw`closing\s+balance\s*:?\s*` + CURRENCY + AMOUNT, 'i').exec(t);
    if (m) set('closing', amt(m[1]!));
    // a page's total ('Page Total Debit') is no statement's
    const pageTotal = /\bpage\s+total\b/i.test(t);
    m = pageTotal
      ? null
      : new RegExp(String.raw`total\s+debits?\s*(?:\((\d+)\))?\s*:?\s*` + AMOUNT, 'i').exec(t);
    if (m) {
      if (m[1]) set('debitCount', Number(m[1]));
      // (a figure that reads as no amount, '1,57,,582.00' on a photo, is no total of 0)
      const total = amt(m[2]!);
      if (total !== null) set('debitTotal', Math.abs(total));
    }
    m = pageTotal
      ? null
      : new RegExp(String.raw`total\s+credits?\s*(?:\((\d+)\))?\s*:?\s*` + AMOUNT, 'i').exec(t);
    if (m) {
      if (m[1]) set('creditCount', Number(m[1]));
      // (a figure that reads as no amount, '1,57,,582.00' on a photo, is no total of 0)
      const total = amt(m[2]!);
      if (total !== null) set('creditTotal', Math.abs(total));
    }
    // 'Dr. Count : 16 Cr. Count : 13 Debits : 2,31,655.47 Credits : 3,16,820.00'
    m =
      /dr\.?\s*count\s*:\s*(\d+)\s+cr\.?\s*count\s*:\s*(\d+)\s+debits\s*:\s*([\d,]+\.\d{2})\s+credits\s*:\s*([\d,]+\.\d{2})/i.exec(
        t,
      );
    if (m) {
      set('debitCount', Number(m[1]));
      set('creditCount', Number(m[2]));
      set('debitTotal', amt(m[3]!));
      set('creditTotal', amt(m[4]!));
    }
    // a summary of labels over as many values ('Opening Balance  Debits  Credits  Closing Balance'
    // over '96,300.53  11  8  1,54,037.50'): the balances by place. Only the balances: what a
    // 'Debits' column holds, a count or a total, the line does not say
    const below = lines[i + 1];
    if (
      below &&
      /balance/i.test(t) &&
      line.runs.length > 1 &&
      below.runs.length === line.runs.length &&
      line.runs.every((r) => !/\d/.test(r.text))
    )
      line.runs.forEach((r, k) => {
        const kind = /^opening\s+balance$/i.test(r.text)
          ? 'opening'
          : /^closing\s+balance$/i.test(r.text)
            ? 'closing'
            : null;
        if (kind) set(kind, amt(below.runs[k]!.text));
      });
    // a summary printed as a labelled header line with the values on the next line (HDFC)
    if (/opening\s+balance/i.test(t) && /dr\s+count/i.test(t) && /closing\s+bal/i.test(t) && lines[i + 1]) {
      const vals = lines[i + 1]!.runs.map((r) => r.text);
      if (vals.length >= 6) {
        set('opening', amt(vals[0]!));
        set('debitCount', Number(vals[1]));
        set('creditCount', Number(vals[2]));
        set('debitTotal', amt(vals[3]!));
        set('creditTotal', amt(vals[4]!));
        set('closing', amt(vals[5]!));
      }
    }
  }
  // (the balance as on the period's last day is its closing; as on its first, or undated, its opening)
  if (asOn && f.to && asOn.date && asOn.date >= f.to) set('closing', asOn.paise);
  else if (asOn && (!f.from || !asOn.date || asOn.date <= f.from)) set('opening', asOn.paise);
  return f;
}

// a label in a cell of its own, its value in the next ('Account Number' '123456789012'): no name
const LABEL =
  /^(?:a\/c|account|acct|customer|cust|branch|ifsc|micr|period|currency|address|phone|mobile|e-?mail|date|from|type|scheme|product|nominee|status|opening|closing)\b/i;

/** The account holder when no label names it: the first left-hand line under the bank's name. */
export function holderFallback(headerZone: Line[]): string | null {
  // (a name holds no figure: an opening balance or a date is no holder)
  const left = headerZone.filter(
    (l) => l.runs.length && !/\b(bank|statement|page)\b/i.test(l.text) && !/\d/.test(l.runs[0]!.text),
  );
  const x = minOf(headerZone.map((l) => l.runs[0]?.x0 ?? Infinity));
  const candidate = left.find(
    (l) =>
      /[a-z]/i.test(l.runs[0]!.text) &&
      !/:/.test(l.runs[0]!.text) &&
      !LABEL.test(l.runs[0]!.text) &&
      l.runs[0]!.x0 <= x + 2,
  );
  return candidate ? candidate.runs[0]!.text.trim() : null;
}
