import type {
  LedgerSuggestion,
  StatementTransaction,
  StoredRow,
  StoredStatement,
  TaxSplitInfo,
} from '@bahi/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import {
  getStatement,
  getStatementRows,
  saveStatementAccepted,
  saveStatementLedgers,
  saveStatementRows,
  saveStatementSplits,
  suggestLedgers,
} from './api.ts';
import type { FilterState } from './Filters.tsx';
import { filterFromSearch, keepFilterInAddress } from './filter-url.ts';
import { takePrimedStatement } from './store.ts';
import { filterIndexes, indexBounds, indexRows, type RowIndex } from './rows-index.ts';

// The result screen's state (issue 19): the statement is loaded from the server by id, and every
// change goes back there: ledger names in batches (a single row, or thousands at once by "Apply
// Ledger to Filtered"), rows fixed in place as the whole set from the revision seen, "accepted".
// Nothing is kept in the browser's storage. A save that fails is shown with a retry, never
// swallowed; leaving the page with changes unsaved asks first.

export const NO_FILTER: FilterState = { keywords: [''], only: 'all', from: '', to: '' };

/** The parts of a row the user can fix in place (issue 17). */
export type RowFix = Partial<
  Pick<StatementTransaction, 'Date' | 'Description' | 'Withdrawal' | 'Deposit' | 'ClosingBalance'>
>;

/** Ledger names wait this long for more before they are sent (typing row after row is one save). */
const LEDGER_DEBOUNCE_MS = 400;
/** The filter goes into the address this long after the last keystroke. */
const ADDRESS_DEBOUNCE_MS = 150;
/** Fixes in place wait longer: every keystroke changes a row, the whole set is sent. */
const ROWS_DEBOUNCE_MS = 500;

export type SaveState =
  { kind: 'saved' } | { kind: 'saving' } | { kind: 'failed'; message: string; stale: boolean };

type Loaded = {
  meta: StoredStatement;
  rows: StatementTransaction[];
  ledgers: string[];
  /** each row's GST/TDS split (issue 35); shorter (or empty) when no later row has one */
  splits?: readonly (TaxSplitInfo | null)[];
  revision: number;
};

const fromStored = (r: StoredRow): StatementTransaction => ({
  Date: r[0],
  Description: r[1],
  Withdrawal: r[2],
  Deposit: r[3],
  ClosingBalance: r[4],
});
const toStored = (r: StatementTransaction): StoredRow => [
  r.Date,
  r.Description,
  r.Withdrawal,
  r.Deposit,
  r.ClosingBalance,
];

function failure(err: unknown): { message: string; stale: boolean } {
  if (err instanceof ApiError && err.status === 409)
    return { message: err.detail || 'The rows were changed elsewhere. Reload to see them.', stale: true };
  if (err instanceof ApiError)
    return {
      message: err.status === 0 ? 'Could not reach the server.' : err.detail || `Error ${err.status}`,
      stale: false,
    };
  return { message: 'The change could not be saved.', stale: false };
}

/** Loads statement `id` (meta and rows at once). */
export function useStatement(id: string | undefined) {
  const [state, setState] = useState<
    | { kind: 'loading' }
    | { kind: 'missing' }
    | { kind: 'error'; message: string }
    | ({ kind: 'ready'; ms: number } & Loaded)
  >(() => {
    // Just read on the upload screen: shown at once from memory (the server holds the same).
    const primed = id ? takePrimedStatement(id) : null;
    return primed ? { kind: 'ready', ms: 0, ...primed } : { kind: 'loading' };
  });
  useEffect(() => {
    if (!id || (state.kind === 'ready' && state.meta.id === id)) return;
    const abort = new AbortController();
    const started = performance.now();
    setState({ kind: 'loading' });
    Promise.all([getStatement(id, abort.signal), getStatementRows(id, abort.signal)])
      .then(([meta, page]) => {
        const rows = page.rows.map(fromStored);
        setState({
          kind: 'ready',
          meta,
          rows,
          ledgers: page.ledgers,
          splits: page.splits ?? [],
          revision: page.revision,
          ms: performance.now() - started,
        });
      })
      .catch((err: unknown) => {
        if (abort.signal.aborted) return;
        if (err instanceof ApiError && err.status === 404) setState({ kind: 'missing' });
        else setState({ kind: 'error', message: failure(err).message });
      });
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads when the id changes, not the state
  }, [id]);
  return state;
}

export function useBankReview(loaded: Loaded) {
  const id = loaded.meta.id;
  // The rows' content (dates, narrations, amounts) and their ledger names apart: a ledger change
  // leaves the content, its filter index and its balance chain untouched.
  const [content, setContent] = useState<StatementTransaction[]>(loaded.rows);
  const [ledgers, setLedgers] = useState<string[]>(loaded.ledgers);
  const [splits, setSplits] = useState<readonly (TaxSplitInfo | null)[]>(loaded.splits ?? []);
  const [edited, setEdited] = useState(loaded.meta.edited);
  const [accepted, setAcceptedState] = useState(loaded.meta.accepted);
  const [suggestions, setSuggestions] = useState<Map<number, LedgerSuggestion>>(new Map());
  const [save, setSave] = useState<SaveState>({ kind: 'saved' });

  // What is waiting to be sent; refs, so the timers always see the latest.
  const revision = useRef(loaded.revision);
  const pendingLedgers = useRef(new Map<number, string>());
  const rowsDirty = useRef(false);
  const latest = useRef({ content, ledgers, splits });
  latest.current = { content, ledgers, splits };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<void> | null>(null);

  const unsaved = () => pendingLedgers.current.size > 0 || rowsDirty.current || inFlight.current !== null;

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (inFlight.current) {
      await inFlight.current;
      if (pendingLedgers.current.size > 0 || rowsDirty.current) return flush();
      return;
    }
    if (pendingLedgers.current.size === 0 && !rowsDirty.current) return;
    setSave({ kind: 'saving' });
    const run = (async (): Promise<boolean> => {
      try {
        if (rowsDirty.current) {
          // The whole set carries the ledgers too: pending ledger changes go with it.
          const { content: rows, ledgers: names, splits: taxSplits } = latest.current;
          rowsDirty.current = false;
          const sent = new Map(pendingLedgers.current);
          pendingLedgers.current.clear();
          try {
            const answer = await saveStatementRows(id, {
              revision: revision.current,
              rows: rows.map(toStored),
              ledgers: names,
              // the splits follow their rows (a row added or deleted moved them)
              splits: rows.map((_, i) => taxSplits[i] ?? null),
            });
            revision.current = answer.revision;
          } catch (err) {
            rowsDirty.current = true;
            for (const [i, l] of sent) if (!pendingLedgers.current.has(i)) pendingLedgers.current.set(i, l);
            throw err;
          }
        } else {
          const sent = new Map(pendingLedgers.current);
          pendingLedgers.current.clear();
          const byLedger = new Map<string, number[]>();
          for (const [row, ledger] of sent) {
            const list = byLedger.get(ledger);
            if (list) list.push(row);
            else byLedger.set(ledger, [row]);
          }
          try {
            await saveStatementLedgers(id, {
              revision: revision.current,
              changes: [...byLedger].map(([ledger, rows]) => ({ ledger, rows })),
            });
          } catch (err) {
            // Kept to send again, unless changed since (the newer name wins).
            for (const [i, l] of sent) if (!pendingLedgers.current.has(i)) pendingLedgers.current.set(i, l);
            throw err;
          }
        }
        return true;
      } catch (err) {
        setSave({ kind: 'failed', ...failure(err) });
        return false;
      }
    })();
    inFlight.current = run.then(() => undefined);
    const ok = await run;
    inFlight.current = null;
    if (!ok) return; // shown; sent again by Retry or the next change
    // Changes made while this one was on its way go next; otherwise all is saved.
    if (pendingLedgers.current.size > 0 || rowsDirty.current) schedule(LEDGER_DEBOUNCE_MS);
    else setSave({ kind: 'saved' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- schedule is stable (refs only)
  }, [id]);

  const schedule = useCallback(
    (ms: number) => {
      clearTimeout(timer.current);
      setSave((s) => (s.kind === 'failed' ? s : { kind: 'saving' }));
      timer.current = setTimeout(() => void flush(), ms);
    },
    [flush],
  );

  // Leaving with changes not yet saved: the browser asks first; closing the screen sends them.
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (unsaved()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      void flush();
    };
  }, [flush]);

  // Suggestions after the table is on screen: they are a help, never in the way of showing the rows.
  useEffect(() => {
    let live = true;
    const later = setTimeout(() => {
      suggestLedgers(loaded.rows.map((r) => r.Description))
        .then((list) => live && setSuggestions(new Map(list.map((s) => [s.index, s]))))
        .catch((err: unknown) => console.warn('ledger suggestions unavailable', err)); // never a blocker
    }, 300);
    return () => {
      live = false;
      clearTimeout(later);
    };
  }, [loaded.rows]);

  const index = useMemo(() => indexRows(content), [content]);
  const bounds = useMemo(() => indexBounds(index), [index]);
  const rows = useMemo(
    () =>
      content.map((r, i) => {
        const split = splits[i];
        return split
          ? { ...r, LedgerName: ledgers[i] ?? '', TaxSplit: split }
          : { ...r, LedgerName: ledgers[i] ?? '' };
      }),
    [content, ledgers, splits],
  );

  /**
   * A GST/TDS split given to a row (null clears it), saved at once: what is waiting goes first, so
   * the revision the split names is the rows' latest. Rejects (the caller says why) when refused.
   */
  const setSplit = useCallback(
    async (i: number, split: TaxSplitInfo | null) => {
      await flush();
      if (rowsDirty.current || pendingLedgers.current.size > 0)
        throw new Error('The rows could not be saved: try again.');
      await saveStatementSplits(id, { revision: revision.current, rows: [i], split });
      setSplits((all) => {
        const next = all.slice();
        while (next.length <= i) next.push(null);
        next[i] = split;
        return next;
      });
    },
    [flush, id],
  );

  const queueLedgers = useCallback(
    (indexes: readonly number[], ledger: string) => {
      for (const i of indexes) pendingLedgers.current.set(i, ledger);
      schedule(LEDGER_DEBOUNCE_MS);
    },
    [schedule],
  );

  // Stable, so the table's memoised rows are not all drawn again when the screen re-renders.
  const setLedger = useCallback(
    (i: number, ledger: string) => {
      setLedgers((all) => {
        const next = all.slice();
        next[i] = ledger;
        return next;
      });
      queueLedgers([i], ledger);
    },
    [queueLedgers],
  );

  /**
   * Apply Ledger to Filtered: fills only the rows of `indexes` (the shown ones) whose ledger is
   * empty. Returns how many. Stable: it reads the latest ledgers, not the render's.
   */
  const applyLedger = useCallback(
    (indexes: readonly number[], ledger: string): number => {
      const name = ledger.trim();
      if (!name) return 0;
      const current = latest.current.ledgers;
      const changed = indexes.filter((i) => !(current[i] ?? '').trim());
      if (changed.length === 0) return 0;
      setLedgers((all) => {
        const next = all.slice();
        for (const i of changed) next[i] = name;
        return next;
      });
      queueLedgers(changed, name);
      return changed.length;
    },
    [queueLedgers],
  );

  const suggestionsRef = useRef(suggestions);
  suggestionsRef.current = suggestions;
  /**
   * Use all suggestions (issue 34): every row of `indexes` (the shown ones) whose ledger is empty
   * takes the ledger remembered for it. Returns how many. Stable, like applyLedger.
   */
  const takeSuggestions = useCallback(
    (indexes: readonly number[]): number => {
      const current = latest.current.ledgers;
      const byLedger = new Map<string, number[]>();
      for (const i of indexes) {
        const s = suggestionsRef.current.get(i);
        if (!s || (current[i] ?? '').trim()) continue;
        const list = byLedger.get(s.ledger);
        if (list) list.push(i);
        else byLedger.set(s.ledger, [i]);
      }
      if (byLedger.size === 0) return 0;
      setLedgers((all) => {
        const next = all.slice();
        for (const [ledger, list] of byLedger) for (const i of list) next[i] = ledger;
        return next;
      });
      let n = 0;
      for (const [ledger, list] of byLedger) {
        queueLedgers(list, ledger);
        n += list.length;
      }
      return n;
    },
    [queueLedgers],
  );

  function rowsChanged() {
    rowsDirty.current = true;
    setEdited(true);
    schedule(ROWS_DEBOUNCE_MS);
  }

  /** Fix a row's date, narration, amounts or balance; the chain re-checks on the next render. */
  function editRow(i: number, fix: RowFix) {
    setContent((all) => all.map((r, j) => (j === i ? { ...r, ...fix } : r)));
    rowsChanged();
  }

  /** Delete a line that is not a transaction. */
  function deleteRow(i: number) {
    setContent((all) => all.filter((_, j) => j !== i));
    setLedgers((all) => all.filter((_, j) => j !== i));
    setSplits((all) => all.filter((_, j) => j !== i));
    setSuggestions(new Map()); // indexes moved
    rowsChanged();
  }

  /** Add a missing row after `i` (-1: first), dated like its neighbour. */
  function insertRow(i: number) {
    setContent((all) => {
      const near = all[i] ?? all[0];
      const row: StatementTransaction = {
        Date: near?.Date ?? '',
        Description: '',
        Withdrawal: '',
        Deposit: '',
        ClosingBalance: '',
      };
      return [...all.slice(0, i + 1), row, ...all.slice(i + 1)];
    });
    setLedgers((all) => [...all.slice(0, i + 1), '', ...all.slice(i + 1)]);
    setSplits((all) => (all.length > i + 1 ? [...all.slice(0, i + 1), null, ...all.slice(i + 1)] : all));
    setSuggestions(new Map());
    rowsChanged();
  }

  function setAccepted(value: boolean) {
    setAcceptedState(value);
    setSave({ kind: 'saving' });
    saveStatementAccepted(id, value)
      .then(() => setSave(unsaved() ? { kind: 'saving' } : { kind: 'saved' }))
      .catch((err: unknown) => {
        setAcceptedState(!value);
        setSave({ kind: 'failed', ...failure(err) });
      });
  }

  return {
    /** rows with their ledger names (what the table, exports and Tally take) */
    rows,
    /** rows without ledger names: changes only when a row is fixed (the balance chain reads these) */
    content,
    /** what the filters read of each row, worked out once per change of the rows */
    index,
    bounds,
    suggestions,
    setLedger,
    setSplit,
    applyLedger,
    takeSuggestions,
    edited,
    accepted,
    setAccepted,
    editRow,
    deleteRow,
    insertRow,
    save,
    retry: () => void flush(),
  };
}

/**
 * The result screen's filters (issue 19): from the address and back there (a reload shows the same
 * rows) and the indexes of the rows shown. Kept apart from the statement's state so a
 * keystroke in a filter renders only what shows the filtered rows, not the whole screen.
 */
export function useRowFilter(index: RowIndex) {
  const [filter, setFilter] = useState<FilterState>(() => filterFromSearch(window.location.search));
  // Written when typing pauses: history.replaceState costs the browser a few ms, not to be spent on
  // every keystroke of a filter over 20,000 rows.
  useEffect(() => {
    const later = setTimeout(() => keepFilterInAddress(filter), ADDRESS_DEBOUNCE_MS);
    return () => clearTimeout(later);
  }, [filter]);
  // Every row with a date: what an empty filter shows, made once (clearing a filter over 20,000
  // rows then builds no new list of them).
  const all = useMemo(() => filterIndexes(index, NO_FILTER), [index]);
  const shown = useMemo(
    () => (isEmptyFilter(filter) ? all : filterIndexes(index, filter)),
    [all, index, filter],
  );
  return { filter, setFilter, shown };
}

const isEmptyFilter = (f: FilterState) =>
  f.only === 'all' && !f.from && !f.to && f.keywords.every((k) => k.trim() === '');
