import type { LedgerSuggestion } from '@bahi/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { SAMPLE_ROWS } from '../test/rows.ts';
import { TransactionsTable } from './TransactionsTable.tsx';

// The result table's ledger cells (issue 19): plain inputs, styled by class, that keep what the
// user is typing when a ledger suggestion arrives beside them.

function table(
  onLedger: (index: number, ledger: string) => void,
  suggestions?: Map<number, LedgerSuggestion>,
) {
  return (
    <TransactionsTable
      rows={SAMPLE_ROWS}
      height={400}
      label="Transactions"
      onLedger={onLedger}
      suggestions={suggestions}
      breaks={new Map([[1, 'the balance does not follow']])}
      firstBreak={{ row: 1, difference: '₹1.00' }}
    />
  );
}

/** The table with suggestions that arrive later (as the screen's do, after the rows are shown). */
let suggest: (s: Map<number, LedgerSuggestion>) => void = () => undefined;
function Later({ onLedger }: { onLedger: (index: number, ledger: string) => void }) {
  const [suggestions, setSuggestions] = useState<Map<number, LedgerSuggestion>>();
  suggest = setSuggestions;
  return table(onLedger, suggestions);
}

describe('TransactionsTable', () => {
  // happy-dom lays nothing out: the scroll box is given a height so the virtualiser shows the rows.
  const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
  });
  afterAll(() => {
    if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
    else delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });

  it('a suggestion arriving while a ledger is typed keeps the typing; Use and leaving the field save', async () => {
    const onLedger = vi.fn();
    renderWithProviders(<Later onLedger={onLedger} />);
    const input = await screen.findByLabelText<HTMLInputElement>('Ledger Name, row 1');
    input.focus();
    fireEvent.change(input, { target: { value: 'Ren' } });

    const rent = { index: 0, ledger: 'Rent', reason: 'RAVI was Rent 3 times' } as LedgerSuggestion;
    act(() => suggest(new Map([[0, rent]])));
    const after = screen.getByLabelText<HTMLInputElement>('Ledger Name, row 1');
    expect(after).toBe(input);
    expect(after.value).toBe('Ren');
    expect(document.activeElement).toBe(input);
    expect(after.placeholder).toBe('Rent');

    fireEvent.click(screen.getByRole('button', { name: 'Use Rent: RAVI was Rent 3 times' }));
    expect(onLedger).toHaveBeenLastCalledWith(0, 'Rent');
    fireEvent.blur(after);
    expect(onLedger).toHaveBeenLastCalledWith(0, 'Ren');
  });

  it('styles rows and cells by class: amounts by side, the first break marked with its difference', async () => {
    renderWithProviders(table(vi.fn()));
    await screen.findByLabelText('Ledger Name, row 2');
    const first = document.querySelector<HTMLElement>('tr[data-row="0"]')!;
    const broken = document.querySelector<HTMLElement>('tr[data-row="1"]')!;
    expect(first.getAttribute('style')).toBeNull();
    expect(first.dataset.break).toBeUndefined();
    expect(broken.dataset.break).toBe('first');
    expect(broken.getAttribute('aria-label')).toBe('Row 2: the balance chain breaks here (difference ₹1.00)');
    const cells = (tr: HTMLElement) => [...tr.querySelectorAll('td')].map((td) => td.className);
    expect(cells(first)).toEqual([
      'tx-cell tx-number',
      'tx-cell',
      'tx-cell tx-clip',
      'tx-cell amount amount-withdrawal',
      'tx-cell amount',
      'tx-cell amount',
      'tx-cell',
    ]);
    expect(cells(broken)[4]).toBe('tx-cell amount amount-deposit');
    expect(broken.textContent).toContain('Δ ₹1.00');
    expect(screen.getByLabelText<HTMLInputElement>('Ledger Name, row 2').value).toBe('Sales');
  });

  it('is laid out as grids yet keeps its table roles: table, column headers, rows and cells', async () => {
    renderWithProviders(table(vi.fn()));
    await screen.findByLabelText('Ledger Name, row 2');
    const grid = screen.getByRole('table', { name: 'Transactions' });
    expect(grid.className).toBe('vt-grid');
    expect(grid.style.getPropertyValue('--vt-cols')).toBe(
      '48px 100px minmax(0, 1fr) 120px 120px 130px 230px',
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Date',
      'Description',
      'Withdrawal',
      'Deposit',
      'Closing Balance',
      'Ledger Name',
    ]);
    const first = screen.getAllByRole('row').find((tr) => tr.dataset.row === '0')!;
    expect(first.className).toBe('tx-row');
    expect(first.querySelectorAll('[role="cell"]')).toHaveLength(7);
  });

  it('draws the rows in view from the scroll offset: scrolled, filtered to fewer, asked to show a row', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({ ...SAMPLE_ROWS[0]!, Description: `ROW ${i}` }));
    const drawn = () =>
      [...document.querySelectorAll<HTMLElement>('tr[data-row]')].map((tr) => Number(tr.dataset.row));
    let show: (p: { shown?: number[]; jumpTo?: { row: number; at: number } }) => void = () => undefined;
    function Holder() {
      const [p, setP] = useState<{ shown?: number[]; jumpTo?: { row: number; at: number } }>({});
      show = setP;
      return <TransactionsTable rows={many} height={400} label="Transactions" {...p} />;
    }
    renderWithProviders(<Holder />);
    // 400px of 40px rows: rows 0-9 in view, 6 more below
    expect(drawn()).toEqual(Array.from({ length: 16 }, (_, i) => i));
    const box = screen.getByRole('region', { name: 'Transactions' });
    box.scrollTop = 20_000; // row 500 at the top
    fireEvent.scroll(box);
    expect(drawn()).toEqual(Array.from({ length: 22 }, (_, i) => 494 + i));
    // 100 rows shown, the offset clamped by the browser (happy-dom does not clamp: done here)
    const hundred = Array.from({ length: 100 }, (_, i) => i * 10);
    box.scrollTop = 3_600;
    act(() => show({ shown: hundred }));
    expect(drawn()).toEqual(hundred.slice(84));
    // "Show row": centred
    act(() => show({ shown: hundred, jumpTo: { row: 500, at: 1 } }));
    expect(box.scrollTop).toBe(50 * 40 - (400 - 40) / 2);
  });
});
