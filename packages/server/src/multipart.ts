// The one reader of multipart forms (statement uploads, billing workbooks). Files are kept in
// memory only; @fastify/multipart's limits (body-limits.ts) answer 413 beyond them.
import type { FastifyRequest } from 'fastify';
import { cleanText } from '@bahi/core';
import { badRequest } from './errors.ts';

export type FormFile = { field: string; fileName: string; bytes: Buffer };
export type Form = { files: FormFile[]; fields: Record<string, string> };

/** Every file and text field of a multipart request; 400 with `notMultipart` when it is not one. */
export async function readMultipart(request: FastifyRequest, notMultipart: string): Promise<Form> {
  if (!request.isMultipart()) throw badRequest(notMultipart);
  const form: Form = { files: [], fields: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Names and fields without control characters, as JSON bodies (app.ts; issue 33).
      const fileName = cleanText(part.filename);
      form.files.push({ field: part.fieldname, fileName, bytes: await part.toBuffer() });
    } else if (typeof part.value === 'string') {
      form.fields[cleanText(part.fieldname)] = cleanText(part.value);
    }
  }
  return form;
}
