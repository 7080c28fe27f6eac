// The files of a .zip written straight into a folder by the reader that opened it (issue 33): the
// server then holds only the .zip (at most 25 MB), never its unpacked files (up to 100 MB a drop,
// copied to it over the reader's pipe). Each is written under a `.part` name, flushed and renamed,
// so a name in the folder always holds a whole file; on any failure nothing written is left.
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { ArchiveFile } from '../read/zip.ts';

/** A file of the archive as written: its name inside the archive, its name in the folder, its size and SHA-256. */
export interface WrittenArchiveFile {
  name: string;
  file: string;
  size: number;
  sha256: string;
}

export function writeArchiveFiles(files: readonly ArchiveFile[], folder: string): WrittenArchiveFile[] {
  mkdirSync(folder, { recursive: true });
  const written: WrittenArchiveFile[] = [];
  try {
    for (const f of files) {
      const file = randomUUID();
      const target = path.join(folder, file);
      const fd = openSync(`${target}.part`, 'wx');
      try {
        for (let at = 0; at < f.bytes.length;) at += writeSync(fd, f.bytes, at);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(`${target}.part`, target);
      written.push({
        name: f.name,
        file,
        size: f.bytes.length,
        sha256: createHash('sha256').update(f.bytes).digest('hex'),
      });
    }
  } catch (err) {
    for (const w of written) rmSync(path.join(folder, w.file), { force: true });
    throw err;
  }
  return written;
}
