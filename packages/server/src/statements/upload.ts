// A statement upload, read into memory only: the bytes never touch the disk, and they are gone when
// the request ends. The multipart plugin's fileSize limit (25 MB) answers 413 beyond it.
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

export type Upload = { bytes: Buffer; fileName: string; password: string | undefined };

/** The one file of a multipart request, and the optional `password` field (before or after it). */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) throw badRequest('Send the statement as a multipart form with a file.');
  let file: { bytes: Buffer; fileName: string } | undefined;
  let password: string | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (!file) file = { bytes, fileName: part.filename || 'statement' };
    } else if (part.fieldname === 'password' && typeof part.value === 'string') {
      password = part.value;
    }
  }
  if (!file) throw badRequest('Choose a statement file to upload.');
  if (file.bytes.length === 0) throw badRequest('The file is empty.');
  return { ...file, password };
}
