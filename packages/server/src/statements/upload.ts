// A statement upload, streamed to a file of its own under the data directory as it arrives (issue
// 33: ten uploads buffered whole held 408-456 MB in the server while they waited for a reader). The
// file is private to the server (0600 in a 0700 folder), handed to the reader pool by its path
// (KeptFile: piped to the reader when its job starts) and removed when the request ends
// (`withUpload`); what a killed process left is removed at the next start (`sweepIncoming`). The
// multipart plugin's fileSize limit (25 MB) is enforced while streaming: the part stops at the
// limit and the request answers 413, the partial file removed.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { cleanText } from '@bahi/core';
import { StatementError, detectFileKind, type FileKind, type KeptFile } from '@bahi/statements';
import { badRequest } from '../errors.ts';

/** The first bytes of an upload kept in memory: the scheduler's and the kind check's look at it. */
export const UPLOAD_HEAD_BYTES = 64 * 1024;

export type Upload = {
  /** the file as kept under the data directory, with its size and first bytes */
  file: KeptFile;
  /** SHA-256 of the file's bytes (hex), computed as it streamed */
  sha256: string;
  fileName: string;
  password: string | undefined;
  /** read-with-layout: the layout the user marked, as JSON (issue 17) */
  layout?: string;
  /** read-with-mapping: the sheet's columns the user marked, as JSON (issue 35) */
  mapping?: string;
};

/** Where uploads wait for their reader: `<data directory>/incoming`. */
export const incomingDirOf = (dataDir: string) => path.join(path.resolve(dataDir), 'incoming');

class TooLarge extends Error {
  readonly code = 'FST_REQ_FILE_TOO_LARGE';
  readonly statusCode = 413;
  constructor() {
    super('request file too large');
  }
}

/** Writes a file part to `file` as it arrives: its size, hash and first bytes. */
export async function streamTo(
  file: string,
  chunks: AsyncIterable<Buffer> & { truncated?: boolean },
): Promise<{ size: number; sha256: string; head: Buffer }> {
  const handle = await open(file, 'wx', 0o600);
  const hash = createHash('sha256');
  const heads: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  try {
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.length;
      if (headBytes < UPLOAD_HEAD_BYTES) {
        // copied: a slice would keep the plugin's whole chunk alive
        const piece = Buffer.from(chunk.subarray(0, UPLOAD_HEAD_BYTES - headBytes));
        heads.push(piece);
        headBytes += piece.length;
      }
      await handle.write(chunk);
    }
  } finally {
    await handle.close();
  }
  // The plugin ends a part at its fileSize limit and marks it truncated.
  if (chunks.truncated) throw new TooLarge();
  return { size, sha256: hash.digest('hex'), head: Buffer.concat(heads, headBytes) };
}

/**
 * The one file of a multipart request, streamed to disk, and the optional `password` field (before
 * or after it). A second file part is read to its end and dropped (as before: the first one counts).
 */
async function readUpload(request: FastifyRequest, dir: string): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('Send the statement as a multipart form with a file.');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const fields: Record<string, string> = {};
  let upload: Upload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (upload) {
          part.file.resume();
          continue;
        }
        const filePath = path.join(dir, randomUUID());
        // Named before it is written: a failure part way through still removes it.
        upload = {
          file: { path: filePath, size: 0, head: new Uint8Array(0) },
          sha256: '',
          fileName: cleanText(part.filename) || 'statement',
          password: undefined,
        };
        const kept = await streamTo(filePath, part.file);
        upload.file = { path: filePath, size: kept.size, head: kept.head };
        upload.sha256 = kept.sha256;
      } else if (typeof part.value === 'string') {
        // Names and fields without control characters, as JSON bodies (app.ts; issue 33).
        fields[cleanText(part.fieldname)] = cleanText(part.value);
      }
    }
  } catch (err) {
    if (upload) await rm(upload.file.path, { force: true });
    throw err;
  }
  if (!upload) throw badRequest('Choose a statement file to upload.');
  if (upload.file.size === 0) {
    await rm(upload.file.path, { force: true });
    throw badRequest('The file is empty.');
  }
  upload.password = fields.password;
  if (fields.layout !== undefined) upload.layout = fields.layout;
  if (fields.mapping !== undefined) upload.mapping = fields.mapping;
  return upload;
}

/** Runs `fn` with the request's upload kept on disk, and removes the file however `fn` ends. */
export async function withUpload<T>(request: FastifyRequest, fn: (upload: Upload) => Promise<T>): Promise<T> {
  const upload = await readUpload(request, incomingDirOf(request.server.bahi.config.dataDir));
  try {
    return await fn(upload);
  } finally {
    await rm(upload.file.path, { force: true });
  }
}

/**
 * Removes what a process killed mid-request left in the incoming folder (at start; several servers
 * sharing a data directory leave one another's files younger than `olderThanMs`).
 */
export async function sweepIncoming(dataDir: string, now: number, olderThanMs = 3600_000): Promise<number> {
  const dir = incomingDirOf(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const at = await stat(file).then(
      (s) => s.mtimeMs,
      () => now,
    );
    if (now - at < olderThanMs) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}

// The same rule as extraction's reader (packages/statements/src/read/index.ts, checkClaimedKind):
// a name that claims a kind the content is not is refused, in the same words.
const CLAIMS: Record<string, { kinds: FileKind[]; label: string }> = {
  pdf: { kinds: ['pdf'], label: 'PDF' },
  xlsx: { kinds: ['xlsx', 'xlsx-encrypted', 'xls'], label: 'Excel (.xlsx) workbook' },
};

/**
 * Throws StatementError UNSUPPORTED (the extraction's message) for content that is not a PDF,
 * workbook, image or text report, or that contradicts its name: check-password answers what
 * extraction would, before any work.
 */
export async function checkStatementKind(upload: Upload): Promise<void> {
  // The whole file: a workbook is told from other zips and CFB containers by what they hold. Read
  // for this look only, and dropped before the file waits for a reader.
  const kind = detectFileKind(await readFile(upload.file.path));
  // In extraction's order: the name's claim first, then the kind.
  const ext = /\.([a-z0-9]+)$/i.exec(upload.fileName)?.[1]?.toLowerCase();
  const claim = ext ? CLAIMS[ext] : undefined;
  if (claim && !claim.kinds.includes(kind)) {
    throw new StatementError('UNSUPPORTED', {
      userMessage: `The file is named .${ext} but is not a ${claim.label}.`,
      logMessage: `upload: .${ext} file with ${kind} content`,
    });
  }
  if (kind === 'unknown') {
    throw new StatementError('UNSUPPORTED', { logMessage: 'upload: unsupported content (unknown)' });
  }
}
