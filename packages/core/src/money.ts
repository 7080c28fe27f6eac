/**
 * Money is integer paise everywhere inside Bahi; strings like '1,23,456.78' exist only at the edges.
 * Paise stay exact up to Number.MAX_SAFE_INTEGER (about ₹90 lakh crore), far beyond any statement.
 */
export type Paise = number;

/** Rupees (a number with at most 2 decimals) to paise. Rounding absorbs float noise like 1.1 * 100. */
export function rupeesToPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`rupeesToPaise: not a finite number: ${rupees}`);
  // toFixed(2) decides the paisa from the decimal the caller meant (1.005 is really 1.00499...),
  // then the integer maths on the digits is exact.
  return Math.round(Number(rupees.toFixed(2)) * 100) || 0;
}

export function paiseToRupees(p: Paise): number {
  return p / 100;
}

const CURRENCY = String.raw`(?:₹|rs\.?|inr)`;
// Indian grouping (1,23,45,678), Western grouping (12,345,678) or no grouping at all.
const INTEGER = String.raw`(?:\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d+)`;
const NUMBER = String.raw`(?:${INTEGER}(?:\.\d+)?|\.\d+)`;
const AMOUNT_RE = new RegExp(
  String.raw`^(?<open>\()?\s*(?<minus1>[-+])?\s*(?:${CURRENCY}\s*)?(?<minus2>[-+])?\s*(?<number>${NUMBER})\s*(?<close>\))?\s*(?<side>\(\s*(?:dr|cr)\.?\s*\)|(?:dr|cr)\.?)?$`,
  'i',
);

const PLAIN_RE = new RegExp(String.raw`^${INTEGER}\.\d\d$`);

/**
 * Parses an amount as statements and users print it. Negative: a leading '-', parentheses, or a
 * 'Dr' suffix; 'Cr' is positive. Returns null for blanks ('', '-', '--') and for anything that is not
 * clearly one amount (letters, two decimal points, bad grouping, two sign markers, more than two
 * decimals unless the extra ones are zeros).
 */
export function parseAmount(text: string): Paise | null {
  const t = text.trim();
  // the shape nearly every statement cell has ('1,23,456.78', '500.00'), without the full pattern's
  // groups: a tenth of a statement's parse went to them
  if (PLAIN_RE.test(t)) {
    const paise = Number(t.replace(/[,.]/g, ''));
    return Number.isSafeInteger(paise) ? paise : null;
  }
  if (t === '' || t === '-' || t === '--') return null;
  const m = AMOUNT_RE.exec(t);
  if (!m?.groups) return null;
  const g = m.groups;
  if (Boolean(g.open) !== Boolean(g.close)) return null;
  const markers = [g.open, g.minus1, g.minus2, g.side].filter(Boolean);
  if (markers.length > 1) return null;
  const side = g.side?.toLowerCase() ?? '';
  const negative = Boolean(g.open) || g.minus1 === '-' || g.minus2 === '-' || side.includes('dr');

  const [intPart, fracPart = ''] = g.number.replaceAll(',', '').split('.');
  if (/[1-9]/.test(fracPart.slice(2))) return null;
  const paise = Number(intPart || '0') * 100 + Number(fracPart.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(paise)) return null;
  return negative && paise !== 0 ? -paise : paise;
}

function groupIndian(rupees: string): string {
  if (rupees.length <= 3) return rupees;
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest},${last3}`;
}

function splitPaise(p: Paise): { sign: string; rupees: string; paise: string } {
  if (!Number.isFinite(p)) throw new RangeError(`not a finite amount of paise: ${p}`);
  const whole = Math.round(p);
  const abs = Math.abs(whole);
  return {
    sign: whole < 0 ? '-' : '',
    rupees: String(Math.floor(abs / 100)),
    paise: String(abs % 100).padStart(2, '0'),
  };
}

/** 12345678 -> '1,23,456.78'; -150 -> '-1.50'; with symbol: '₹1,23,456.78' / '-₹1.50'. */
export function formatIndian(p: Paise, opts?: { symbol?: boolean }): string {
  const { sign, rupees, paise } = splitPaise(p);
  return `${sign}${opts?.symbol ? '₹' : ''}${groupIndian(rupees)}.${paise}`;
}

/**
 * The one rupee formatter for the screens: a rupee amount (a number, as the API and the billing
 * tables carry it) in Indian grouping with the symbol, '₹1,23,456.78'; `whole` drops the paise of
 * whole-rupee prices ('₹1,190').
 */
export function formatRupees(rupees: number, opts: { whole?: boolean } = {}): string {
  const text = formatIndian(rupeesToPaise(rupees), { symbol: true });
  return opts.whole && text.endsWith('.00') ? text.slice(0, -3) : text;
}

/** '123456.78' / '-1.50': no grouping, for XML and CSV. */
export function formatPlain(p: Paise): string {
  const { sign, rupees, paise } = splitPaise(p);
  return `${sign}${rupees}.${paise}`;
}
