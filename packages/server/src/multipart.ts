// The multipart forms of billing workbooks and masters files. Each file part is streamed to a file
// of its own under `<data directory>/incoming` as it arrives, as the statement uploads are
// (statements/upload.ts; issue 33: these were buffered whole, up to 25 MB a file and two files a
// request, while they waited for a reader), handed to the reader pool by its path and removed when
// the request ends. @fastify/multipart's limits (body-limits.ts) answer 413 beyond them.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { cleanText } from '@bahi/core';
import type { KeptFile } from '@bahi/statements';
import { badRequest } from './errors.ts';
import { incomingDirOf, streamTo } from './statements/upload.ts';

export type FormFile = { field: string; fileName: string; file: KeptFile };
export type Form = { files: FormFile[]; fields: Record<string, string> };

/** The first non-empty file of `field`, if any. */
export const fileOf = (form: Form, field: string): KeptFile | undefined =>
  form.files.find((f) => f.field === field && f.file.size > 0)?.file;

/** A kept file's bytes, for a check that needs the whole file (briefly: dropped before a reader is waited for). */
export const bytesOfKept = (file: KeptFile): Promise<Buffer> => readFile(file.path);

/**
 * Runs `fn` with every file (kept on disk) and text field of a multipart request, and removes the
 * files however `fn` ends; 400 with `notMultipart` when it is not one.
 */
export async function withForm<T>(
  request: FastifyRequest,
  notMultipart: string,
  fn: (form: Form) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw badRequest(notMultipart);
  const dir = incomingDirOf(request.server.bahi.config.dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const form: Form = { files: [], fields: {} };
  const written: string[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // Names and fields without control characters, as JSON bodies (app.ts; issue 33).
        const fileName = cleanText(part.filename);
        const filePath = path.join(dir, randomUUID());
        // Named before it is written: a failure part way through still removes it.
        written.push(filePath);
        const kept = await streamTo(filePath, part.file);
        form.files.push({
          field: part.fieldname,
          fileName,
          file: { path: filePath, size: kept.size, head: kept.head },
        });
      } else if (typeof part.value === 'string') {
        form.fields[cleanText(part.fieldname)] = cleanText(part.value);
      }
    }
    return await fn(form);
  } finally {
    await Promise.all(written.map((f) => rm(f, { force: true })));
  }
}
