// A full disk at start-up (issue 37, decision 052). The embedded database cannot open on a disk
// with no byte free (PGlite "failed to initialize properly": PostgreSQL writes as it starts), but
// opens with 1 MB free. So the server keeps a few megabytes in reserve in its data directory, made
// whenever a start finds room, and a start on a full disk gives them back to open the database: the
// server then answers what it has (sign-in, books, statements read) and refuses new work with 507
// until there is room. Without the reserve (or when even that is not enough) the start ends with
// one clear line, and nothing in the data directory is changed.
import { existsSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The reserve's name in the data directory, and its size. */
export const RESERVE_FILE = 'disk-reserve';
export const RESERVE_BYTES = 8 * 2 ** 20;
/** Below this much free space a failed start is reported as a full disk. */
export const LOW_DISK_BYTES = 16 * 2 ** 20;
/** A reserve is made only where this much is free beside it (it never fills a disk itself). */
const ROOM_FOR_RESERVE = 64 * 2 ** 20;

/** Bytes free to this process on the disk holding `dir` (or its nearest existing parent). */
export function freeBytes(dir: string): number | null {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (existsSync(d)) {
      try {
        const s = statfsSync(d);
        return s.bavail * s.bsize;
      } catch {
        return null;
      }
    }
    if (path.dirname(d) === d) return null;
  }
}

/** The disk of `dir` has (almost) no room left. */
export function diskIsFull(dir: string): boolean {
  const free = freeBytes(dir);
  return free !== null && free < LOW_DISK_BYTES;
}

/** Makes the reserve when there is none and room for it; any failure leaves none behind. */
export function keepReserve(dataDir: string): void {
  const file = path.join(dataDir, RESERVE_FILE);
  if (existsSync(file)) return;
  const free = freeBytes(dataDir);
  if (free === null || free < ROOM_FOR_RESERVE) return;
  try {
    // zeros written, not a sparse file: the blocks must be taken now to be given back later
    writeFileSync(file, Buffer.alloc(RESERVE_BYTES));
  } catch {
    rmSync(file, { force: true });
  }
}

/** Gives the reserve back to the disk; true when there was one. */
export function releaseReserve(dataDir: string): boolean {
  const file = path.join(dataDir, RESERVE_FILE);
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}

/** The one line a start on a full disk ends with. */
export class DiskFullAtStart extends Error {
  readonly code = 'DISK_FULL';
  constructor(dataDir: string, cause?: unknown) {
    const free = freeBytes(dataDir);
    super(
      `the disk of the data directory (${dataDir}) is full` +
        (free === null ? '' : ` (${(free / 2 ** 20).toFixed(1)} MB free)`) +
        ': the database cannot open. Nothing in it was changed; free some space on that disk ' +
        '(at least 64 MB) and start Bahi again.',
      { cause },
    );
    this.name = 'DiskFullAtStart';
  }
}
