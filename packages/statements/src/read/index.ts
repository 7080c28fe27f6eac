// Turn any supported file into a SourceDocument. The one entry point the worker calls.
import { StatementError } from '../errors.ts';
import type { SourceDocument } from '../source.ts';
import { detectFileKind, type FileKind } from './kind.ts';
import { pdfNeedsPassword, readPdf, type PdfReadOptions } from './pdf.ts';
import { readHtmlTables } from './html.ts';
import { readDelimited } from './delimited.ts';
import { decodeText, readRpt } from './rpt.ts';
import { readXls, xlsNeedsPassword } from './xls.ts';
import { readXlsx, xlsxNeedsPassword } from './xlsx.ts';

export { detectFileKind, type FileKind } from './kind.ts';

export interface ReadOptions {
  password?: string;
  /**
   * The name the file came with. Only ever used to refuse a file whose content contradicts its
   * extension (a text file renamed to .pdf); the kind itself is judged by content.
   */
  fileName?: string;
  /** OCR PDF pages without a text layer and images (default true) */
  ocr?: boolean;
  /** keep a small picture of each OCR'd page, for the strips of unsure rows (default true) */
  preview?: boolean;
  /**
   * called once the page count is known, before the slow part (text, OCR); `sheets` when the
   * document is a workbook's or a delimited file's rows (its "pages" are sheets: the reading time
   * follows the rows, not them)
   */
  onPageCount?: (pages: number, sheets?: boolean) => void;
  /** offer a long PDF's pages to another thread (see PdfReadOptions.share) */
  share?: PdfReadOptions['share'];
}

export interface ReadResult {
  doc: SourceDocument;
  /** pages of the file: PDF pages, 1 per image, sheets with rows, report pages */
  pages: number;
  kind: FileKind;
  /** PDF pages read by a helper thread */
  sharedPages: number;
}

/** Bigger than any statement we accept (the API limits uploads well below this). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

const SUPPORTED_IMAGES =
  'Upload the statement as a PDF, or as a PNG, JPEG, WebP or GIF image (a phone can save or share a photo as JPEG).';

function unsupported(kind: FileKind): StatementError {
  if (kind === 'empty') {
    return new StatementError('UNREADABLE', {
      userMessage: 'The file is empty.',
      logMessage: 'read: empty file',
    });
  }
  if (kind === 'tiff' || kind === 'heic') {
    return new StatementError('UNSUPPORTED', {
      userMessage: `${kind === 'tiff' ? 'TIFF' : 'HEIC'} images are not supported. ${SUPPORTED_IMAGES}`,
      logMessage: `read: unsupported image (${kind})`,
    });
  }
  return new StatementError('UNSUPPORTED', { logMessage: `read: unsupported content (${kind})` });
}

const CLAIMS: Record<string, { kinds: FileKind[]; label: string }> = {
  pdf: { kinds: ['pdf'], label: 'PDF' },
  // An old .xls saved under an .xlsx name is still an Excel workbook (Excel opens it too).
  xlsx: { kinds: ['xlsx', 'xlsx-encrypted', 'xls'], label: 'Excel (.xlsx) workbook' },
};

function checkClaimedKind(kind: FileKind, fileName: string | undefined): void {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
  const claim = ext ? CLAIMS[ext] : undefined;
  if (!claim || kind === 'empty' || claim.kinds.includes(kind)) return;
  throw new StatementError('UNSUPPORTED', {
    userMessage: `The file is named .${ext} but is not a ${claim.label}.`,
    logMessage: `read: .${ext} file with ${kind} content`,
  });
}

export async function readDocument(bytes: Uint8Array, opts: ReadOptions = {}): Promise<ReadResult> {
  if (bytes.length > MAX_FILE_BYTES) {
    throw new StatementError('TOO_LARGE', { logMessage: `read: ${bytes.length} bytes` });
  }
  const kind = detectFileKind(bytes);
  checkClaimedKind(kind, opts.fileName);
  switch (kind) {
    case 'pdf': {
      const r = await readPdf(bytes, {
        password: opts.password,
        onPageCount: opts.onPageCount,
        ocr: opts.ocr,
        preview: opts.preview,
        share: opts.share,
      });
      return {
        doc: { kind: 'pages', format: r.format, pages: r.pages },
        pages: r.pageCount,
        kind,
        sharedPages: r.sharedPages,
      };
    }
    case 'png':
    case 'jpeg':
    case 'webp':
    case 'gif': {
      if (opts.ocr === false) {
        throw new StatementError('UNSUPPORTED', { logMessage: 'read: image with OCR disabled' });
      }
      opts.onPageCount?.(1);
      // OCR (tesseract.js, canvas) is loaded only for the files that need it.
      const { readImage } = await import('./ocr.ts');
      const page = await readImage(bytes, { preview: opts.preview });
      return { doc: { kind: 'pages', format: 'image', pages: [page] }, pages: 1, kind, sharedPages: 0 };
    }
    case 'xlsx':
    case 'xlsx-encrypted':
    case 'xls':
    case 'html-table': {
      // An .xls download reads into the same sheets as an .xlsx, so the parser sees one format.
      const { sheets } =
        kind === 'xls'
          ? await readXls(bytes, { password: opts.password })
          : kind === 'html-table'
            ? readHtmlTables(bytes)
            : await readXlsx(bytes, { password: opts.password });
      const pages = Math.max(1, sheets.filter((s) => s.rows.length > 0).length);
      opts.onPageCount?.(pages, true);
      return { doc: { kind: 'sheets', format: 'xlsx', sheets }, pages, kind, sharedPages: 0 };
    }
    case 'rpt': {
      // a CSV or tab-separated download is a sheet's rows, not a printed report (each reader
      // refuses a text past MAX_TABLE_ROWS lines before it keeps them)
      const text = decodeText(bytes);
      const delimited = readDelimited(text);
      if (delimited) {
        opts.onPageCount?.(1, true);
        return {
          doc: { kind: 'sheets', format: 'xlsx', sheets: [delimited] },
          pages: 1,
          kind,
          sharedPages: 0,
        };
      }
      const { lines, pageCount } = readRpt(text);
      opts.onPageCount?.(pageCount);
      return { doc: { kind: 'lines', format: 'rpt', lines }, pages: pageCount, kind, sharedPages: 0 };
    }
    default:
      throw unsupported(kind);
  }
}

/** The API's check-password call: does this file need a password to be read? */
export async function checkPassword(bytes: Uint8Array): Promise<{ password_required: boolean }> {
  const kind = detectFileKind(bytes);
  switch (kind) {
    case 'pdf':
      return { password_required: await pdfNeedsPassword(bytes) };
    case 'xlsx-encrypted':
      return { password_required: xlsxNeedsPassword(bytes) };
    case 'xls':
      return { password_required: xlsNeedsPassword(bytes) };
    case 'xlsx':
    case 'html-table':
    case 'png':
    case 'jpeg':
    case 'webp':
    case 'gif':
    case 'rpt':
      return { password_required: false };
    default:
      throw unsupported(kind);
  }
}
