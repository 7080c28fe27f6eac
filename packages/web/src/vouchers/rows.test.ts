import { describe, expect, it } from 'vitest';
import { emptyRow, exportRows, rowsReducer, type EditorRow } from './rows.ts';

const row = (over: Partial<EditorRow> = {}): EditorRow => ({ ...emptyRow(), ...over });

describe('rowsReducer', () => {
  it('adds a row at the end', () => {
    const a = row();
    const b = row();
    expect(rowsReducer([a], { type: 'add', row: b })).toEqual([a, b]);
  });

  it('updates one field of one row and leaves the other rows as they were', () => {
    const a = row();
    const b = row();
    const next = rowsReducer([a, b], { type: 'update', id: b.id, field: 'ledgerName', value: 'Cash' });
    expect(next[1].ledgerName).toBe('Cash');
    expect(next[0]).toBe(a); // same object: its memoised row does not re-render
    expect(b.ledgerName).toBe(''); // no mutation
  });

  it('returns the same list when nothing changes', () => {
    const rows = [row({ ledgerName: 'Cash' })];
    expect(rowsReducer(rows, { type: 'update', id: rows[0].id, field: 'ledgerName', value: 'Cash' })).toBe(
      rows,
    );
    expect(rowsReducer(rows, { type: 'update', id: 'missing', field: 'ledgerName', value: 'x' })).toBe(rows);
    expect(rowsReducer(rows, { type: 'remove', id: 'missing' })).toBe(rows);
  });

  it('removes a row by id', () => {
    const [a, b, c] = [row(), row(), row()];
    expect(rowsReducer([a, b, c], { type: 'remove', id: b.id })).toEqual([a, c]);
  });

  it('inserts copies right after their source, each with a new id', () => {
    const [a, b, c] = [row({ description: 'a' }), row({ description: 'b' }), row({ description: 'c' })];
    const copies = [
      { ...b, description: 'b (Copy 1)' },
      { ...b, description: 'b (Copy 2)' },
    ];
    const next = rowsReducer([a, b, c], { type: 'insertCopies', afterId: b.id, copies });
    expect(next.map((r) => r.description)).toEqual(['a', 'b', 'b (Copy 1)', 'b (Copy 2)', 'c']);
    expect(new Set(next.map((r) => r.id)).size).toBe(5);
  });

  it('exports only the specification fields', () => {
    const r = row({ date: '2025-04-01', voucherType: 'Receipt', netAmount: '12.5' });
    expect(exportRows([r])).toEqual([
      {
        date: '2025-04-01',
        voucherType: 'Receipt',
        ledgerName: '',
        partyName: '',
        description: '',
        netAmount: '12.5',
      },
    ]);
  });
});
