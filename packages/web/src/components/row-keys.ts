import type { KeyboardEvent } from 'react';

// Ledger cells that work like Tally's tables (issue 34): Enter goes to the next row's cell and
// Shift+Enter to the one before; ↓ and ↑ do the same unless a name is being typed (then they pick
// from the browser's list of the company's ledgers).

/** The rows to move for this key in a ledger cell: 1, -1, or 0 (not a moving key). */
export function rowStep(e: KeyboardEvent<HTMLInputElement>, typing: boolean): 1 | -1 | 0 {
  if (e.key === 'Enter') return e.shiftKey ? -1 : 1;
  if (typing) return 0;
  return e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
}

/** Focuses the cell matching `selector` in the row `step` rows away from `from`'s row, if there is one. */
export function focusRowCell(from: HTMLElement, step: 1 | -1, selector: string): void {
  const row = from.closest('tr');
  const next = step > 0 ? row?.nextElementSibling : row?.previousElementSibling;
  const input = next?.querySelector<HTMLInputElement>(selector);
  if (!input) return;
  input.focus();
  input.scrollIntoView({ block: 'nearest' });
}
