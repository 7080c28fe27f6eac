// The web app's one formatter module (DESIGN.md "Money, dates, pages"; issue 34: four date styles
// on the screens). Dates DD-MM-YYYY (local time for timestamps), counts and money in Indian
// grouping. Screens format dates through here, never with toLocaleString (src/format.test.ts
// checks); money through @bahi/core's formatIndian / formatRupees (paise or rupees, '₹1,23,456.00').

const pad = (n: number) => String(n).padStart(2, '0');

const dateOf = (iso: string): Date | null => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** '2026-11-21T06:18:41Z' -> '21-11-2026 11:48' (in the browser's time zone). */
export function formatDateTime(iso: string): string {
  const d = dateOf(iso);
  if (!d) return iso;
  return `${formatDate(iso)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** '2026-11-21T06:18:41Z' -> '21-11-2026' (the day in the browser's time zone). */
export function formatDate(iso: string): string {
  const d = dateOf(iso);
  if (!d) return iso;
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

/** Whole numbers in Indian grouping: 123456 -> '1,23,456'. */
export const formatCount = (n: number): string => n.toLocaleString('en-IN');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM' -> 'Jan 2026' (issue 34: months in one style); anything else as is. */
export function formatMonth(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} ${m[1]}` : month;
}
