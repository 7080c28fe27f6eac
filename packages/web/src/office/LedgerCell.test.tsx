import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LedgerCell, matchLedgers } from './LedgerCell.tsx';

// The book's ledger picker (issue 34 round four).

describe('matchLedgers', () => {
  const names = ['Office Rent', 'Rent Deposit', 'Purchases', 'rent', 'Freight Inward'];
  it('puts the names starting with the letters first, then those containing them, case ignored', () => {
    expect(matchLedgers(names, 'REN')).toEqual(['Rent Deposit', 'rent', 'Office Rent']);
    expect(matchLedgers(names, 'in')).toEqual(['Freight Inward']);
  });
  it('offers nothing for nothing typed, and not the name typed in full', () => {
    expect(matchLedgers(names, '  ')).toEqual([]);
    expect(matchLedgers(['Purchases'], 'purchases')).toEqual([]);
  });
  it('offers at most the limit', () => {
    expect(matchLedgers(['a1', 'a2', 'a3', 'a4'], 'a', 2)).toEqual(['a1', 'a2']);
  });
});

describe('LedgerCell', () => {
  it('↑ wraps to the last option, Enter takes the marked one, Esc twice restores the saved name', () => {
    const onSave = vi.fn();
    render(
      <table>
        <tbody>
          <tr>
            <td>
              <LedgerCell label="r1" saved="Old" names={['Office Rent', 'Rent Deposit']} onSave={onSave} />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    const cell = screen.getByRole('combobox', { name: 'Ledger for r1' }) as HTMLInputElement;
    fireEvent.change(cell, { target: { value: 'rent' } });
    expect(cell.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(cell, { key: 'ArrowUp' });
    expect(screen.getByRole('option', { name: 'Office Rent' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(cell, { key: 'Enter' });
    expect(cell.value).toBe('Office Rent');
    expect(cell.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(cell, { target: { value: 'ren' } });
    fireEvent.keyDown(cell, { key: 'Escape' });
    expect(cell.getAttribute('aria-expanded')).toBe('false');
    expect(cell.value).toBe('ren');
    fireEvent.keyDown(cell, { key: 'Escape' });
    expect(cell.value).toBe('Old');
    fireEvent.blur(cell);
    expect(onSave).toHaveBeenCalledWith('Old');
  });
});
