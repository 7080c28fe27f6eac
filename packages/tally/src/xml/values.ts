// Value types as Tally writes them. Money is integer paise inside; Tally wants rupees with two
// decimals, and its sign convention is: a debit leg carries a negative AMOUNT with
// ISDEEMEDPOSITIVE Yes, a credit leg a positive AMOUNT with ISDEEMEDPOSITIVE No.

export type Paise = number;

function assertPaise(paise: Paise): void {
  if (!Number.isSafeInteger(paise)) throw new Error(`amount is not a whole number of paise: ${paise}`);
}

/** 12345 -> '123.45', -5 -> '-0.05'. */
export function tallyAmount(paise: Paise): string {
  assertPaise(paise);
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Tally's ISDEEMEDPOSITIVE for a leg of the given signed amount (negative = debit). */
export function deemedPositive(signedPaise: Paise): 'Yes' | 'No' {
  return signedPaise < 0 ? 'Yes' : 'No';
}

/** '123.45' or '-1,234.5' (rupees, as Tally or a person writes them) -> paise, exactly. */
export function parseRupees(text: string): Paise {
  const clean = text.replace(/[,\s]/g, '').replace(/^₹/, '');
  const m = /^(-)?(\d*)(?:\.(\d{0,2}))?$/.exec(clean);
  if (!m || (m[2] === '' && !m[3])) throw new Error(`not an amount: ${JSON.stringify(text)}`);
  const paise = Number(m[2] || '0') * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] && paise !== 0 ? -paise : paise;
}

/** A rupee number from JSON (e.g. 123.45) -> paise, rounding away binary noise. */
export function rupeesNumberToPaise(value: number | string): Paise {
  if (typeof value === 'string') return parseRupees(value);
  if (!Number.isFinite(value)) throw new Error(`not an amount: ${value}`);
  return Math.round(value * 100);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(iso: string): boolean {
  const m = ISO_DATE.exec(iso);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** '2025-07-01' -> '20250701'. */
export function tallyDate(iso: string): string {
  if (!isIsoDate(iso)) throw new Error(`not an ISO date: ${JSON.stringify(iso)}`);
  return iso.replaceAll('-', '');
}

/** '20250701' -> '2025-07-01', or null when it is not a real date. */
export function isoFromTallyDate(text: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return isIsoDate(iso) ? iso : null;
}

/** A quantity with its unit, '3 Nos'. */
export function tallyQuantity(quantity: number, unit: string): string {
  return `${quantity} ${unit}`;
}

/** A per-unit rate, '118.00/Nos'. */
export function tallyRate(paise: Paise, unit: string): string {
  return `${tallyAmount(paise)}/${unit}`;
}
