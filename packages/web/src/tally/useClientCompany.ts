import { useEffect } from 'react';
import { findLedger } from './company.ts';
import { useTallyCompany } from './useTallyCompany.ts';

// A client's Tally company (issue 35): the copy kept in Bahi when it was read once (through the
// bridge or a masters file, on any screen) is loaded for the client's screens, so every ledger field
// there offers that company's names, not whichever company was read last.

export function useClientCompany(tallyCompany: string) {
  const state = useTallyCompany();
  const { company, choose, loading } = state;
  const want = tallyCompany.trim();
  const have = company?.company.name.trim().toLowerCase() ?? '';
  useEffect(() => {
    if (want && !loading && have !== want.toLowerCase()) void choose(want);
    // once per client company: a company never read leaves the fields free, not asked again and again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [want]);
  const theirs = Boolean(company && (!want || have === want.toLowerCase()));
  return {
    ...state,
    company: theirs ? company : null,
    /** a ledger name the company does not keep (the push would create it); false without a company */
    isNew: (name: string) => Boolean(theirs && company && name.trim() && !findLedger(company, name)),
  };
}
