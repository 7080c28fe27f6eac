import type { TallyCompanyAnswer } from '@bahi/contract';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { fetchCompany, readCompanyThroughBridge, uploadMastersFile } from './api.ts';
import {
  companyState as current,
  resetCompanyState,
  setCompanyState as set,
  subscribeCompany as subscribe,
} from './company-store.ts';

// One copy of the company read from Tally for the whole app (bank panel, table cells, billing), kept
// on the server per user and loaded once per page load: every ledger field offers the same names.

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
  resetCompanyState();
}

export function useTallyCompany() {
  const s = useSyncExternalStore(subscribe, current);
  useEffect(() => {
    if (current().loaded || current().loading) return;
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
