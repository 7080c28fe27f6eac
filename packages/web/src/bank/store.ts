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
