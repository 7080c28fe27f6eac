// A statement upload, read into memory only: the bytes never touch the disk, and they are gone when
// the request ends. The multipart plugin's fileSize limit (25 MB) answers 413 beyond it.
import type { FastifyRequest } from 'fastify';
import { StatementError, detectFileKind, type FileKind } from '@bahi/statements';
import { readMultipart } from '../multipart.ts';
import { badRequest } from '../errors.ts';

export type Upload = {
  bytes: Buffer;
  fileName: string;
  password: string | undefined;
  /** read-with-layout: the layout the user marked, as JSON (issue 17) */
  layout?: string;
  /** read-with-mapping: the sheet's columns the user marked, as JSON (issue 35) */
  mapping?: string;
};

/** The one file of a multipart request, and the optional `password` field (before or after it). */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const form = await readMultipart(request, 'Send the statement as a multipart form with a file.');
  const file = form.files[0];
  if (!file) throw badRequest('Choose a statement file to upload.');
  if (file.bytes.length === 0) throw badRequest('The file is empty.');
  return {
    bytes: file.bytes,
    fileName: file.fileName || 'statement',
    password: form.fields.password,
    ...(form.fields.layout !== undefined ? { layout: form.fields.layout } : {}),
    ...(form.fields.mapping !== undefined ? { mapping: form.fields.mapping } : {}),
  };
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
export function checkStatementKind(upload: Upload): void {
  const kind = detectFileKind(upload.bytes);
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
