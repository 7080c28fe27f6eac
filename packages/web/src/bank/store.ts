import type { ExtractAnswer, StatementTransaction } from '@bahi/contract';

// The last statement result of this browser tab: kept in sessionStorage so the result screen
// survives a reload (and goes when the tab closes). The uploaded file itself is kept in memory and
// in IndexedDB, for the PDF preview only; it never goes anywhere else.

export type BankSession = {
  bank: string;
  fileName: string;
  answer: Omit<ExtractAnswer, 'access_token'>;
  /** the rows as reviewed (ledger names edited; dates, amounts and rows fixed in place) */
  rows: StatementTransaction[];
  /** the user changed a date, an amount, a balance or the rows themselves (issue 17) */
  edited?: boolean;
  /** the user accepted a read that does not reconcile: exports are allowed */
  accepted?: boolean;
};

/** A file the reader could not place, waiting to be taught (issue 17): kept for a reload. */
export type TeachSession = { bank: string; fileName: string; reason: string };
const TEACH_KEY = 'bahi.bank.teach';

export function saveTeachSession(s: TeachSession): void {
  try {
    sessionStorage.setItem(TEACH_KEY, JSON.stringify(s));
  } catch {
    // the teaching screen still works until a reload
  }
}

export function loadTeachSession(): TeachSession | null {
  try {
    const raw = sessionStorage.getItem(TEACH_KEY);
    return raw ? (JSON.parse(raw) as TeachSession) : null;
  } catch {
    return null;
  }
}

const KEY = 'bahi.bank.last';

export function saveBankSession(s: BankSession): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    // Storage full (a huge statement): the screen still works, it only forgets on reload.
  }
}

export function loadBankSession(): BankSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as BankSession) : null;
  } catch {
    return null;
  }
}

export function clearBankSession(): void {
  sessionStorage.removeItem(KEY);
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
  } catch {
    // No IndexedDB (private mode): the preview works until a reload.
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
  } catch {
    return null;
  }
}
