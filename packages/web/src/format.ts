// Display formats of DESIGN.md: dates DD-MM-YYYY (local time for timestamps).

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-11-21T06:18:41Z' -> '21-11-2026 11:48' (in the browser's time zone). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Whole numbers in Indian grouping: 123456 -> '1,23,456'. */
export const formatCount = (n: number): string => n.toLocaleString('en-IN');
