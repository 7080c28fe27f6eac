import type { LedgerSuggestion, StatementTransaction } from '@bahi/contract';
import { applyLedgerToFiltered, dateBounds, filterTransactionIndexes } from '@bahi/core';
import { useEffect, useMemo, useState } from 'react';
import { rememberLedgers, suggestLedgers } from './api.ts';
import type { FilterState } from './Filters.tsx';
import { saveBankSession, type BankSession } from './store.ts';

// The result screen's state: the rows with their ledger names (kept in the session on every
// change), the filters, and the ledger-memory suggestions.

export const NO_FILTER: FilterState = { keywords: [''], only: 'all', from: '', to: '' };

/** The parts of a row the user can fix in place (issue 17). */
export type RowFix = Partial<
  Pick<StatementTransaction, 'Date' | 'Description' | 'Withdrawal' | 'Deposit' | 'ClosingBalance'>
>;

export function useBankReview(session: BankSession | null) {
  const [rows, setRows] = useState<StatementTransaction[]>(session?.rows ?? []);
  const [edited, setEdited] = useState(Boolean(session?.edited));
  const [accepted, setAccepted] = useState(Boolean(session?.accepted));
  const [filter, setFilter] = useState<FilterState>(NO_FILTER);
  const [suggestions, setSuggestions] = useState<Map<number, LedgerSuggestion>>(new Map());

  // Every keystroke of a fix is kept: a reload loses nothing the user typed.
  useEffect(() => {
    if (session) saveBankSession({ ...session, rows, edited, accepted });
  }, [session, rows, edited, accepted]);

  useEffect(() => {
    if (!session) return;
    let live = true;
    suggestLedgers(session.rows.map((r) => r.Description))
      .then((list) => live && setSuggestions(new Map(list.map((s) => [s.index, s]))))
      .catch(() => {}); // suggestions are a help, never a blocker
    return () => {
      live = false;
    };
  }, [session]);

  const shown = useMemo(() => filterTransactionIndexes(rows, filter), [rows, filter]);
  const bounds = useMemo(() => dateBounds(rows), [rows]);
  const shownRows = useMemo(() => shown.map((i) => rows[i]), [shown, rows]);

  function setLedger(index: number, ledger: string) {
    setRows((all) => all.map((r, i) => (i === index ? { ...r, LedgerName: ledger } : r)));
    if (ledger.trim())
      void rememberLedgers([{ description: rows[index].Description, ledger }]).catch(() => {});
  }

  /** Apply Ledger to Filtered: fills only the shown rows whose ledger is empty. Returns how many. */
  function applyToFiltered(ledger: string): number {
    const next = applyLedgerToFiltered(rows, shown, ledger);
    const changed = shown.filter((i) => next[i] !== rows[i]);
    setRows(next);
    if (changed.length) {
      void rememberLedgers(
        changed.map((i) => ({ description: rows[i].Description, ledger: ledger.trim() })),
      ).catch(() => {});
    }
    return changed.length;
  }

  /** Fix a row's date, narration, amounts or balance; the chain re-checks on the next render. */
  function editRow(index: number, fix: RowFix) {
    setRows((all) => all.map((r, i) => (i === index ? { ...r, ...fix } : r)));
    setEdited(true);
  }

  /** Delete a line that is not a transaction. */
  function deleteRow(index: number) {
    setRows((all) => all.filter((_, i) => i !== index));
    setSuggestions(new Map()); // indexes moved
    setEdited(true);
  }

  /** Add a missing row after `index` (-1: first), dated like its neighbour. */
  function insertRow(index: number) {
    setRows((all) => {
      const near = all[index] ?? all[0];
      const row: StatementTransaction = {
        Date: near?.Date ?? '',
        Description: '',
        Withdrawal: '',
        Deposit: '',
        ClosingBalance: '',
        LedgerName: '',
      };
      return [...all.slice(0, index + 1), row, ...all.slice(index + 1)];
    });
    setSuggestions(new Map());
    setEdited(true);
  }

  return {
    rows,
    shown,
    shownRows,
    bounds,
    filter,
    setFilter,
    suggestions,
    setLedger,
    applyToFiltered,
    edited,
    accepted,
    setAccepted,
    editRow,
    deleteRow,
    insertRow,
  };
}
