import { describe, expect, it } from 'vitest';
import { makeToken } from '../test/render.tsx';
import { emptyRow } from './rows.ts';
import { clearDraft, draftKey, loadDraft, saveDraft } from './storage.ts';

describe('voucher draft storage', () => {
  it('keeps one draft per signed-in user', () => {
    expect(draftKey(makeToken({ sub: 'u-1', email: 'a@x.in' }))).toBe('bahi.voucherDraft.u-1');
    expect(draftKey(makeToken({ email: 'a@x.in' }))).toBe('bahi.voucherDraft.a@x.in');
    expect(draftKey(null)).toBe('bahi.voucherDraft.anonymous');
  });

  it('saves, loads and clears the rows', () => {
    const rows = [
      { ...emptyRow(), date: '2025-04-01', voucherType: 'Sales' as const, netAmount: 12 },
      { ...emptyRow(), description: 'Rent ₹ <April>' },
    ];
    saveDraft('k', rows);
    expect(loadDraft('k')).toEqual(rows);
    clearDraft('k');
    expect(loadDraft('k')).toBeNull();
  });

  it('ignores what it did not write', () => {
    localStorage.setItem('k', '{not json');
    expect(loadDraft('k')).toBeNull();
    localStorage.setItem('k', JSON.stringify({ version: 1, rows: [{ id: 'x', voucherType: 'Contra' }] }));
    expect(loadDraft('k')).toBeNull();
    localStorage.setItem('k', JSON.stringify([1, 2]));
    expect(loadDraft('k')).toBeNull();
  });
});
