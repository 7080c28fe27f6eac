// The size limits of a request body, and the one message for each that tells the user which it was.

const MB = 1024 * 1024;
/** JSON and form bodies (a 5,000-row statement with ledgers is well under 2 MB). */
export const BODY_LIMIT_BYTES = 10 * MB;
/** One uploaded file (spec: statements and workbooks up to 25 MB). */
export const UPLOAD_LIMIT_BYTES = 25 * MB;
/** Files per multipart request: billing sends the items workbook and an amounts workbook. */
export const MAX_UPLOAD_FILES = 2;
/** Text fields per multipart request (billing's form has the most, about ten). */
export const MAX_FORM_FIELDS = 20;

const mb = (bytes: number) => `${bytes / MB} MB`;

/** The 413 detail for a Fastify or @fastify/multipart limit error code, undefined for other codes. */
export function tooLargeDetail(code: string | undefined): string | undefined {
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return `The file is too large (at most ${mb(UPLOAD_LIMIT_BYTES)}).`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `The request is too large (at most ${mb(BODY_LIMIT_BYTES)}).`;
    case 'FST_FILES_LIMIT':
      return `Too many files in one request (at most ${MAX_UPLOAD_FILES}).`;
    case 'FST_FIELDS_LIMIT':
      return `Too many form fields in one request (at most ${MAX_FORM_FIELDS}).`;
    case 'FST_PARTS_LIMIT':
      return 'Too many parts in one request.';
    default:
      return undefined;
  }
}
