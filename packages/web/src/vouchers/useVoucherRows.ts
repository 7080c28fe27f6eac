import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { clearDraft, draftKey, loadDraft, saveDraft } from './storage.ts';
import { emptyRow, rowsReducer, type EditorRow, type RowsAction } from './rows.ts';

/**
 * The screen's rows with their local draft: loaded once, saved on every change, dropped after a
 * successful export (`markExported`) or 'Clear all'. An edit after an export starts a new draft.
 */
export function useVoucherRows() {
  const [key] = useState(() => draftKey());
  const [rows, dispatch] = useReducer(rowsReducer, key, (k): EditorRow[] => loadDraft(k) ?? [emptyRow()]);
  // The rows as they were when last exported (or loaded without a draft): not worth a draft.
  const settled = useRef<readonly EditorRow[] | null>(null);

  useEffect(() => {
    if (rows === settled.current) return;
    settled.current = null;
    saveDraft(key, rows);
  }, [key, rows]);

  const markExported = useCallback(() => {
    settled.current = rows;
    clearDraft(key);
  }, [key, rows]);

  const clearAll = useCallback(() => {
    const fresh = [emptyRow()];
    settled.current = fresh;
    clearDraft(key);
    dispatch({ type: 'replace', rows: fresh });
  }, [key]);

  return { rows, dispatch: dispatch as (a: RowsAction) => void, markExported, clearAll };
}
