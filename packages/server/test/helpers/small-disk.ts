// A small disk of its own for the full-disk tests (issue 37): a tmpfs mounted on a temporary
// directory, filled to the last byte with a filler file and freed again. Mounting needs root (CI's
// containers and this machine run the tests as root); elsewhere the tests skip, saying why.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type SmallDisk = {
  dir: string;
  fill(): Promise<void>;
  free(): Promise<void>;
  unmount(): Promise<void>;
};

/** A tmpfs of `mb` MB, or the reason there is none. */
export async function smallDisk(mb: number): Promise<SmallDisk | string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bahi-small-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${mb}m`, 'tmpfs', dir]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return `no tmpfs could be mounted (needs root): ${String((err as Error).message).split('\n')[0]}`;
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    // dd stops with ENOSPC once the disk is full, which is the point (hence its exit code is ignored).
    fill: () =>
      run('dd', ['if=/dev/zero', `of=${filler}`, 'bs=256k']).then(
        () => undefined,
        () => undefined,
      ),
    free: async () => rmSync(filler, { force: true }),
    unmount: async () => {
      await run('umount', ['-l', dir]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
