import type { TallyCompanyAnswer } from '@bahi/contract';
import { useSyncExternalStore } from 'react';

// The one copy of the company read from Tally (useTallyCompany.ts loads and reads it): the store
// alone, with no calls, so a screen that only shows what is kept (the statement table's GST/TDS
// legs) does not bring the Tally calls into its first load.

export type State = {
  company: TallyCompanyAnswer | null;
  loading: boolean;
  /** What went wrong with the read the user asked for. */
  error: string | null;
  /** The company kept in Bahi could not be loaded (shown quietly: the screen still works without it). */
  loadError: string | null;
  loaded: boolean;
};

const EMPTY: State = { company: null, loading: false, error: null, loadError: null, loaded: false };
let state: State = EMPTY;
const listeners = new Set<() => void>();
export const setCompanyState = (next: Partial<State>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};
export const subscribeCompany = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const companyState = (): State => state;

/** For tests: forget the company. */
export function resetCompanyState(): void {
  state = EMPTY;
}

/** The company kept so far (loaded by whatever on the screen uses useTallyCompany), or null. */
export function useKeptCompany(): TallyCompanyAnswer | null {
  return useSyncExternalStore(subscribeCompany, () => state).company;
}
