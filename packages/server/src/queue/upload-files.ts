// The bytes of dropped files, kept as files under the data directory until their job ends (issue
// 33: they were kept in the database, where ten drops at once took 3.6 GB and PGlite's memory
// never gave it back). A file is written as its request streams, flushed to disk before its row is
// committed (a row never names bytes a crash could lose), and removed when its job ends; what a
// dead process leaves behind is swept (sweep). Layout: `<dir>/<user id>/<key>`; the row keeps
// `<user id>/<key>`, a name the server made, never one the client sent.
//
// Several processes (`bahi serve`, `bahi worker`) on several machines read what one of them wrote:
// they must share one directory (BAHI_DATA_DIR on a shared volume; decision 019).
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** A file kept: its name in the directory, its size and its SHA-256 (hex). */
export type KeptFile = { key: string; size: number; sha256: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^${UUID}/${UUID}$`);
const NAME = new RegExp(`^${UUID}(\\.part)?$`);

/**
 * How old a file without a row must be before the sweep removes it: a drop writes its files before
 * it commits their rows, and between the two it may open a .zip in a reader (the reader's time
 * limit, and its wait for a free reader). An hour is far past any of that.
 */
export const UNCLAIMED_FILE_MS = 3600_000;

export class UploadFiles {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  private pathOf(key: string): string {
    // Only names this class made are ever opened (a row's value is trusted no further).
    if (!KEY.test(key)) throw new Error('not an upload key');
    return path.join(this.dir, key);
  }

  /**
   * Writes `chunks` (a request's file part as it arrives) to a new file of `userId`: written under
   * a `.part` name, flushed, then renamed, so a kept name always holds the whole file.
   */
  async receive(userId: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<KeptFile> {
    const key = `${userId.toLowerCase()}/${randomUUID()}`;
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    const handle = await open(`${file}.part`, 'wx');
    try {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        await handle.write(chunk);
      }
      await handle.sync();
    } catch (err) {
      await handle.close().catch(() => {});
      await rm(`${file}.part`, { force: true });
      throw err;
    }
    await handle.close();
    await rename(`${file}.part`, file);
    return { key, size, sha256: hash.digest('hex') };
  }

  /** The folder of `userId`'s files: where a reader writes the files of a .zip it opened. */
  folderOf(userId: string): string {
    return path.dirname(this.pathOf(`${userId.toLowerCase()}/${randomUUID()}`));
  }

  /** The key of a file a reader wrote into `folderOf(userId)` under `name`. */
  keyOf(userId: string, name: string): string {
    const key = `${userId.toLowerCase()}/${name}`;
    this.pathOf(key);
    return key;
  }

  /** Keeps bytes already in memory (tools and tests). */
  write(userId: string, bytes: Uint8Array): Promise<KeptFile> {
    return this.receive(userId, [bytes]);
  }

  /**
   * Flushes the directories of `keys` (their new names): after this a crash keeps them. Called once
   * per drop, before its rows are committed.
   */
  async settle(keys: readonly string[]): Promise<void> {
    for (const dir of new Set(keys.map((k) => path.dirname(this.pathOf(k))))) {
      const handle = await open(dir, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  }

  /** Where a kept file is (for a reader that opens it itself). */
  fileOf(key: string): string {
    return this.pathOf(key);
  }

  /** The first `n` bytes of a kept file (fewer when it is shorter). */
  async head(key: string, n: number): Promise<Buffer> {
    const handle = await open(this.pathOf(key), 'r');
    try {
      const buf = Buffer.alloc(n);
      const { bytesRead } = await handle.read(buf, 0, n, 0);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** The last `n` bytes of a kept file of `size` bytes (all of it when it is shorter). */
  async tail(key: string, size: number, n: number): Promise<Buffer> {
    const handle = await open(this.pathOf(key), 'r');
    try {
      const want = Math.min(n, size);
      const buf = Buffer.alloc(want);
      const { bytesRead } = await handle.read(buf, 0, want, size - want);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** The bytes of a kept file, or undefined when it is not there. */
  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  /** Removes kept files; one already gone is no error (two processes may end the same job). */
  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) await rm(this.pathOf(key), { force: true });
  }

  /**
   * Removes what no row keeps: the folder of a user who is gone (the account was deleted), and any
   * file older than `olderThanMs` that no row names (a job or client deleted, a process that died
   * between its commit and its removal, a drop cut before its commit). `live` answers which of the
   * given keys rows still name, and which of the given user ids still exist. Returns the count.
   */
  async sweep(
    live: { keys(): Promise<Set<string>>; users(ids: string[]): Promise<Set<string>> },
    now: number,
    olderThanMs = UNCLAIMED_FILE_MS,
  ): Promise<number> {
    let users: string[];
    try {
      users = (await readdir(this.dir)).filter((u) => new RegExp(`^${UUID}$`).test(u));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    if (users.length === 0) return 0;
    const existing = await live.users(users);
    const kept = await live.keys();
    let removed = 0;
    for (const user of users) {
      const folder = path.join(this.dir, user);
      if (!existing.has(user)) {
        removed += (await readdir(folder).catch(() => [])).length;
        await rm(folder, { recursive: true, force: true });
        continue;
      }
      for (const name of await readdir(folder).catch(() => [] as string[])) {
        if (!NAME.test(name) || kept.has(`${user}/${name}`)) continue;
        const file = path.join(folder, name);
        const at = await stat(file).then(
          (s) => s.mtimeMs,
          () => now,
        );
        if (now - at < olderThanMs) continue;
        await unlink(file).catch(() => {});
        removed++;
      }
    }
    return removed;
  }
}
