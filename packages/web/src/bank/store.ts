import type { ExtractAnswer, StatementTransaction, StoredStatement } from '@bahi/contract';

// What the browser keeps of a statement: only the uploaded file, in memory and in IndexedDB, for
// the PDF preview and for teaching a layout (the server never keeps files). The result itself,
// rows, ledgers and fixes, lives on the server (issue 19) and is never put in sessionStorage or
// localStorage: a year of a busy account overflowed it and the error was swallowed.

/** A file the reader could not place, waiting to be taught (issue 17): kept for a reload. */
export type TeachSession = { bank: string; fileName: string; reason: string };
const TEACH_KEY = 'bahi.bank.teach';

/** Throws when the browser refuses the (tiny) entry: the caller shows it. */
export function saveTeachSession(s: TeachSession): void {
  sessionStorage.setItem(TEACH_KEY, JSON.stringify(s));
}

export function loadTeachSession(): TeachSession | null {
  const raw = sessionStorage.getItem(TEACH_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TeachSession;
  } catch {
    return null; // not ours (written by an older version): nothing to teach
  }
}

let lastFile: File | null = null;
const DB = 'bahi-bank';
const STORE = 'files';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Keeps the uploaded file for the preview (memory now, IndexedDB for a reload). */
export async function keepFile(file: File): Promise<void> {
  lastFile = file;
  try {
    const db = await openDb();
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(file, 'last');
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  } catch (err) {
    // No IndexedDB (private mode, disk full): the preview works until a reload; said, not hidden.
    console.warn('the statement file is not kept for a reload', err);
  }
}

export async function keptFile(): Promise<File | null> {
  if (lastFile) return lastFile;
  try {
    const db = await openDb();
    const file = await new Promise<File | null>((resolve) => {
      const req = db.transaction(STORE, 'readonly').objectStore(STORE).get('last');
      req.onsuccess = () => resolve((req.result as File | undefined) ?? null);
      req.onerror = () => resolve(null);
    });
    db.close();
    lastFile = file;
    return file;
  } catch (err) {
    console.warn('the kept statement file could not be read', err);
    return null;
  }
}

/** A statement just read, held in memory (never in storage) for the result screen it opens. */
export type PrimedStatement = {
  meta: StoredStatement;
  rows: StatementTransaction[];
  ledgers: string[];
  revision: number;
};
let primed: PrimedStatement | null = null;

/**
 * The extraction's answer is the stored statement as it was just saved (revision 1): the result
 * screen shows it at once instead of fetching 20,000 rows again. A reload fetches from the server.
 */
export function primeStatement(answer: ExtractAnswer, requestedBank: string, fileName: string): void {
  if (!answer.statement_id) return;
  const now = new Date().toISOString();
  primed = {
    meta: {
      id: answer.statement_id,
      requested_bank: requestedBank.toUpperCase(),
      file_name: fileName,
      format: answer.format,
      created_at: now,
      updated_at: now,
      row_count: answer.transactions.length,
      revision: 1,
      edited: false,
      accepted: false,
      statement_info: answer.statement_info,
      bank_detected: answer.bank_detected,
      reconciliation: answer.reconciliation,
      reasons: answer.reasons,
      issues: answer.issues,
      layout_used: answer.layout_used,
      other_read: answer.other_read,
      xml_preview: answer.xml_preview,
      fallback_accounts: answer.fallback_accounts,
    },
    rows: answer.transactions.map((t) => ({
      Date: t.Date,
      Description: t.Description,
      Withdrawal: t.Withdrawal,
      Deposit: t.Deposit,
      ClosingBalance: t.ClosingBalance,
    })),
    ledgers: answer.transactions.map((t) => t.LedgerName ?? ''),
    revision: 1,
  };
}

/** The primed statement `id`, once: later mounts (a second visit, a reload) load from the server. */
export function takePrimedStatement(id: string): PrimedStatement | null {
  if (primed?.meta.id !== id) return null;
  const p = primed;
  primed = null;
  return p;
}
