import type { TallyCompanyAnswer } from '@bahi/contract';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { fetchCompany, readCompanyThroughBridge, uploadMastersFile } from './api.ts';

// One copy of the company read from Tally for the whole app (bank panel, table cells, billing), kept
// on the server per user and loaded once per page load: every ledger field offers the same names.

type State = {
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
const set = (next: Partial<State>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Runs a read; the company it gave, or null when it failed (the error is in the state). */
async function run(work: () => Promise<TallyCompanyAnswer | null>): Promise<TallyCompanyAnswer | null> {
  set({ loading: true, error: null });
  try {
    const company = await work();
    set({ company, loading: false, loaded: true });
    return company;
  } catch (err) {
    set({
      loading: false,
      loaded: true,
      error: err instanceof Error ? err.message : 'Could not read the company.',
    });
    return null;
  }
}

/** For tests: forget the company. */
export function resetTallyCompany(): void {
  state = EMPTY;
}

export function useTallyCompany() {
  const s = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (state.loaded || state.loading) return;
    set({ loading: true });
    fetchCompany().then(
      (company) => set({ company, loading: false, loaded: true }),
      () =>
        set({
          loading: false,
          loaded: true,
          loadError: 'The Tally company kept in Bahi could not be loaded.',
        }),
    );
  }, []);
  const readFromTally = useCallback(
    (localIp: string, name: string) => run(() => readCompanyThroughBridge(localIp, name)),
    [],
  );
  const loadFile = useCallback(
    (file: File, fields: { company_name?: string; state?: string; gstin?: string }) =>
      run(() => uploadMastersFile(file, fields)),
    [],
  );
  const choose = useCallback((name: string) => run(() => fetchCompany(name)), []);
  return { ...s, readFromTally, loadFile, choose };
}
