// SourceDocument: what the readers (src/read) make of a file, and all the parsers (src/parse) see.
// Plain data, JSON-serialisable, so parser fixtures are small JSON files and parsing is pure.

/** One word (or text run) on a page. Coordinates in page units, origin top-left, y grows down. */
export interface Word {
  text: string;
  x: number;
  /** top of the text box */
  y: number;
  width: number;
  height: number;
  /**
   * Where each space-separated word of `text` starts and ends (x0, x1, x0, x1, ...), as the reader
   * measured them; absent for one word, or where nothing was measured (OCR, fixtures).
   */
  edges?: number[];
  /** OCR: how sure the recogniser was of the word, 0-100; absent for a text layer (exact) */
  confidence?: number;
}

export interface Page {
  /** 1-based page number */
  number: number;
  width: number;
  height: number;
  words: Word[];
  /** true when the words came from OCR rather than a text layer */
  ocr?: boolean;
  /**
   * An OCR'd page's quarter turn, clockwise, applied to its image before its words were read, for
   * the page to be rebuilt from the file as its words were placed (scan/date-cells.ts). Absent on a
   * text page, and where not known (a saved read of an older reader)
   */
  rotation?: 0 | 90 | 180 | 270;
  /** an OCR'd page as its words were placed (turned, straightened, flattened), small: the strips
   * of its unsure rows are cut from it for the result screen (src/scan/crops.ts) */
  scan?: PageScan;
}

/** A page's picture: a grey JPEG (base64), `width` x `height` pixels, spanning the page's size. */
export interface PageScan {
  jpeg: string;
  width: number;
  height: number;
}

/** A spreadsheet cell: text, number, ISO date (YYYY-MM-DD) for date cells, or null when empty. */
export type Cell = string | number | null;

export interface Sheet {
  name: string;
  /** rows in order, each a dense array of cells (column A first) */
  rows: Cell[][];
}

export type SourceDocument =
  | { kind: 'pages'; format: 'pdf' | 'pdf-scanned' | 'image'; pages: Page[] }
  | { kind: 'sheets'; format: 'xlsx'; sheets: Sheet[] }
  | { kind: 'lines'; format: 'rpt'; lines: string[] };
