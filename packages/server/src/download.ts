// File downloads: the one place that names an attachment, so every Content-Disposition is safe.
import type { FastifyReply } from 'fastify';

export const XML_TYPE = 'application/xml; charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** A file-name part safe in Content-Disposition: letters, digits, '-', '_' and '.', at most 80. */
export function safeFilePart(text: string, fallback = 'statement'): string {
  const cleaned = text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|_+$/g, '')
    .slice(0, 80);
  return cleaned || fallback;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Answers `body` as a download called `fileName` (build user-given parts with safeFilePart). */
export function sendDownload(
  reply: FastifyReply,
  fileName: string,
  contentType: string,
  body: string | Buffer,
): FastifyReply {
  // A name from user input that was not passed through safeFilePart is a bug, not a user error.
  if (!SAFE_NAME.test(fileName)) throw new Error(`unsafe download name ${JSON.stringify(fileName)}`);
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .send(body);
}
