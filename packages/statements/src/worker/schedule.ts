// The order in which the pool starts queued jobs (issue 18, "free, unbounded work"): readers are
// few and a job may hold one for seconds, so who goes next decides whether an innocent user's
// statement waits behind someone else's queue of hostile or slow files.
//  1. an owner with fewer jobs running first: a user with nothing running goes before anyone's
//     second job;
//  2. then the owner who used less reader time recently, in whole seconds (time fades with a
//     half-life of a minute): a few quick reads do not put a user behind a newcomer's big file;
//  3. then the smaller file (cheaper work first);
//  4. then the owner who used less reader time to the millisecond, then the older job.
// An owner already holding `maxPerOwner` readers waits whatever its place. A job without an owner
// (the command line, tests) competes as an owner with nothing running and no time used.
// A heavy job (a table file of more than HEAVY_TABLE_BYTES: an HTML table or an old Excel
// workbook, which a reader holds whole as cells, 12-67 times the file's size) waits while another
// heavy job runs: one reader at a time holds such a table (issue 33: ten hostile HTML/XLS files at
// once held two readers near their 512 MB cap, 1,280 MB with the server); the other readers stay
// free for everything else.

/** Reader time used recently fades by half every minute. */
export const USED_HALF_LIFE_MS = 60_000;
/** Reader time is compared in whole seconds: below that, users are equals and file size decides. */
export const USED_GRAIN_MS = 1000;

/** Reader time each owner used, fading with USED_HALF_LIFE_MS. */
export class ReaderTime {
  private readonly used = new Map<string, { ms: number; at: number }>();

  /** Reader time `owner` used recently, as of `now`. */
  of(owner: string | undefined, now = Date.now()): number {
    const u = owner === undefined ? undefined : this.used.get(owner);
    return u ? u.ms * 2 ** (-(now - u.at) / USED_HALF_LIFE_MS) : 0;
  }

  /** `owner` used a reader for `ms`, ending `now`. */
  add(owner: string | undefined, ms: number, now = Date.now()): void {
    if (owner === undefined) return;
    this.used.set(owner, { ms: this.of(owner, now) + Math.max(0, ms), at: now });
    // Faded to under a millisecond: forgotten, so the map does not keep every user ever seen.
    if (this.used.size > 1000) for (const [o] of this.used) if (this.of(o, now) < 1) this.used.delete(o);
  }
}

export interface Queued {
  owner?: string;
  /** the file's size in bytes */
  bytes: number;
  /** a table file a reader holds whole, large (isHeavyJob) */
  heavy?: boolean;
}

/** A table file over this size is heavy: one at a time (a year of daily rows is well under it). */
export const HEAVY_TABLE_BYTES = 1024 * 1024;

const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/**
 * An XLSX (a zip) over this size is heavy too: ExcelJS holds a workbook whole (issue 33: 74,999
 * rows of four cells, MAX_XLSX_CELLS, pack to 1.9 MB and took a reader to 395 MB), and a
 * statement packs ~160 cells a KB: 512 KB is ~80,000 cells, a year of a busy account's rows.
 */
export const HEAVY_XLSX_BYTES = 512 * 1024;

/**
 * Whether a file's reading holds it whole as a table of cells, large: an XLSX (a zip) over
 * HEAVY_XLSX_BYTES, or over HEAVY_TABLE_BYTES and an old Excel workbook (a CFB container) or markup (its first character after a byte-order mark
 * and white space is '<': an HTML table saved as .xls). From its first bytes only (`size`: the
 * whole file's, when `bytes` are its first 4 KB).
 */
export function isHeavyTable(bytes: Uint8Array, size = bytes.byteLength): boolean {
  if (size > HEAVY_XLSX_BYTES && ZIP_MAGIC.every((b, i) => bytes[i] === b)) return true;
  if (size <= HEAVY_TABLE_BYTES) return false;
  if (CFB_MAGIC.every((b, i) => bytes[i] === b)) return true;
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (const end = Math.min(bytes.length, 4096); i < end; i++) {
    const c = bytes[i]!;
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    return c === 0x3c;
  }
  return false;
}

/**
 * The index in `queue` (oldest first) of the job to start next, or -1 when every queued job's
 * owner already holds `maxPerOwner` readers (or is heavy while `heavyRunning`).
 */
export function nextJob(
  queue: readonly Queued[],
  running: ReadonlyMap<string, number>,
  usedMs: (owner: string | undefined) => number,
  maxPerOwner: number,
  heavyRunning = false,
): number {
  let best = -1;
  let bestKey: number[] = [];
  // (an owner's time asked once: it fades with the clock, and a tick between two of its jobs must
  // not put the younger first)
  const usedBy = new Map<string | undefined, number>();
  queue.forEach((job, i) => {
    if (job.heavy && heavyRunning) return;
    const n = job.owner === undefined ? 0 : (running.get(job.owner) ?? 0);
    if (job.owner !== undefined && n >= maxPerOwner) return;
    let used = usedBy.get(job.owner);
    if (used === undefined) usedBy.set(job.owner, (used = usedMs(job.owner)));
    const key = [n, Math.floor(used / USED_GRAIN_MS), job.bytes, used];
    if (best < 0 || less(key, bestKey)) {
      best = i;
      bestKey = key;
    }
  });
  return best;
}

/** Lexicographic order; equal keys keep the older job (earlier in the queue). */
function less(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}
