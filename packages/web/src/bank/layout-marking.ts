import type { TaughtLayout } from '@bahi/contract';

// What the user marked on a page to teach Bahi a layout (issue 17), and the reader's TaughtLayout it
// makes. Kept apart from the marker itself so the teaching screen loads pdf.js only with the page.

export const ROLE_OPTIONS: { value: TaughtLayout['columns'][number]['role']; label: string }[] = [
  { value: 'other', label: 'Ignore' },
  { value: 'date', label: 'Date' },
  { value: 'valueDate', label: 'Value date' },
  { value: 'description', label: 'Narration' },
  { value: 'reference', label: 'Reference / cheque no.' },
  { value: 'debit', label: 'Withdrawal' },
  { value: 'credit', label: 'Deposit' },
  { value: 'amount', label: 'Amount (with Dr/Cr)' },
  { value: 'mark', label: 'Dr/Cr mark' },
  { value: 'balance', label: 'Balance' },
  { value: 'serial', label: 'Serial no.' },
];

export type Marking = {
  page: number;
  /** boundaries, page units, sorted */
  bounds: number[];
  /** one role per band between consecutive boundaries */
  roles: TaughtLayout['columns'][number]['role'][];
  top: number | null;
};

export const EMPTY_MARKING: Marking = { page: 1, bounds: [], roles: [], top: null };

/** The layout of a marking, or why it is not one yet. */
export function layoutOf(m: Marking): { layout: TaughtLayout } | { problem: string } {
  if (m.bounds.length < 3)
    return { problem: 'Add the column boundaries: at least three lines for two columns.' };
  const columns = m.bounds
    .slice(0, -1)
    .map((x0, i) => ({ role: m.roles[i] ?? 'other', x0, x1: m.bounds[i + 1]! }))
    .filter((c) => c.role !== 'other');
  if (!columns.some((c) => c.role === 'date')) return { problem: 'Name the date column.' };
  if (!columns.some((c) => ['debit', 'credit', 'amount'].includes(c.role)))
    return { problem: 'Name the amount columns (withdrawal and deposit, or amount).' };
  if (m.top === null)
    return { problem: 'Mark the first transaction row: press Mark first row, then click it.' };
  return { layout: { page: m.page, top: m.top, columns } };
}
