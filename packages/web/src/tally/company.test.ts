import type { TallyCompanyAnswer } from '@bahi/contract';
import { describe, expect, it } from 'vitest';
import { dutyHeadWords, findLedger, ledgerOptions } from './company.ts';

const company: TallyCompanyAnswer = {
  company: {
    name: 'Sharma & Sons',
    state: 'Uttar Pradesh',
    gstin: '',
    version: 'TallyPrime 4.1',
    booksFrom: '',
  },
  ledgers: [
    { name: 'HDFC OD 5020', parent: 'Bank OD A/c' },
    { name: 'Rent', parent: 'Indirect Expenses' },
    { name: 'Cash', parent: 'Cash-in-Hand' },
    { name: 'Electricity', parent: 'Indirect Expenses' },
  ],
  groups: [],
  stockItems: [],
  units: [],
  voucherTypes: [],
  registrations: [],
  loaded: ['Sharma & Sons'],
  source: 'bridge',
  read_at: '2026-11-24T02:00:00.000Z',
};

describe('the company read from Tally in ledger fields', () => {
  it('offers the ledgers grouped by their Tally group, sorted', () => {
    expect(ledgerOptions(company)).toEqual([
      { group: 'Bank OD A/c', items: ['HDFC OD 5020'] },
      { group: 'Cash-in-Hand', items: ['Cash'] },
      { group: 'Indirect Expenses', items: ['Electricity', 'Rent'] },
    ]);
    expect(ledgerOptions(null)).toEqual([]);
  });

  it('finds a ledger whatever its case, as Tally does', () => {
    expect(findLedger(company, ' hdfc od 5020 ')?.parent).toBe('Bank OD A/c');
    expect(findLedger(company, 'Suspense')).toBeUndefined();
    expect(findLedger(company, '')).toBeUndefined();
  });

  it('the release decides the GST duty-head words', () => {
    expect(dutyHeadWords('TallyPrime 4.1')).toBe('CGST, SGST/UTGST, IGST');
    expect(dutyHeadWords('TallyPrime 2.1')).toBe('Central Tax, State Tax, Integrated Tax');
    expect(dutyHeadWords('Tally.ERP 9')).toBe('Central Tax, State Tax, Integrated Tax');
    expect(dutyHeadWords('')).toBe('CGST, SGST/UTGST, IGST');
  });
});
