// What crosses between reader processes. A helper's pages travel to the job's reader through the
// pool, serialized at each hop (IPC with 'advanced' serialization). Packed per page as one string
// (the words' texts end to end) and one number array, they cost the pool's process next to
// nothing and serialize several times faster than an object per word (250 pages: ~10 ms instead
// of ~50 ms, measured between threads).
import { StatementError } from '../errors.ts';
import type { PdfPart } from '../read/pdf.ts';
import type { Page, PageScan, Word } from '../source.ts';

/**
 * Numbers per word in PackedPage.boxes: x, y, width, height, length of its text, its edges, its
 * OCR confidence (NaN: none, a text layer's word).
 */
const STRIDE = 7;

interface PackedPage {
  number: number;
  width: number;
  height: number;
  text: string;
  boxes: Float64Array<ArrayBuffer>;
  /** every word's edges, end to end (boxes say how many each has) */
  edges: Float64Array<ArrayBuffer>;
  ocr?: true;
  rotation?: Page['rotation'];
  scan?: PageScan;
}

export interface PackedPart {
  pages: PackedPage[];
  failure: { page: number; error: ReturnType<StatementError['toJSON']> } | null;
}

export function packPart(part: PdfPart): PackedPart {
  return {
    pages: part.pages.map((p) => {
      const boxes = new Float64Array(p.words.length * STRIDE);
      let edgeCount = 0;
      for (const w of p.words) edgeCount += w.edges?.length ?? 0;
      const edges = new Float64Array(edgeCount);
      let e = 0;
      p.words.forEach((w, i) => {
        const at = i * STRIDE;
        boxes[at] = w.x;
        boxes[at + 1] = w.y;
        boxes[at + 2] = w.width;
        boxes[at + 3] = w.height;
        boxes[at + 4] = w.text.length;
        boxes[at + 5] = w.edges?.length ?? 0;
        boxes[at + 6] = w.confidence ?? NaN;
        if (w.edges) edges.set(w.edges, e);
        e += w.edges?.length ?? 0;
      });
      const text = p.words.map((w) => w.text).join('');
      const packed: PackedPage = { number: p.number, width: p.width, height: p.height, text, boxes, edges };
      if (p.ocr) packed.ocr = true;
      // an OCR'd page's turn and picture, as one reader alone keeps them: the second look at a
      // row's date cells rebuilds the page by its turn, the unsure rows' strips are cut from the
      // picture (scan/date-cells.ts, scan/crops.ts)
      if (p.rotation !== undefined) packed.rotation = p.rotation;
      if (p.scan) packed.scan = p.scan;
      return packed;
    }),
    failure: part.failure && { page: part.failure.page, error: part.failure.error.toJSON() },
  };
}

export function unpackPart(packed: PackedPart): PdfPart {
  return {
    pages: packed.pages.map((p): Page => {
      const words: Word[] = [];
      let from = 0;
      let e = 0;
      for (let at = 0; at < p.boxes.length; at += STRIDE) {
        const to = from + p.boxes[at + 4];
        const word: Word = {
          text: p.text.slice(from, to),
          x: p.boxes[at],
          y: p.boxes[at + 1],
          width: p.boxes[at + 2],
          height: p.boxes[at + 3],
        };
        const confidence = p.boxes[at + 6]!;
        if (!Number.isNaN(confidence)) word.confidence = confidence;
        const n = p.boxes[at + 5]!;
        if (n > 0) word.edges = Array.from(p.edges.subarray(e, e + n));
        e += n;
        words.push(word);
        from = to;
      }
      const page: Page = { number: p.number, width: p.width, height: p.height, words };
      if (p.ocr) page.ocr = true;
      if (p.rotation !== undefined) page.rotation = p.rotation;
      if (p.scan) page.scan = p.scan;
      return page;
    }),
    failure: packed.failure && {
      page: packed.failure.page,
      error: StatementError.fromJSON(packed.failure.error),
    },
  };
}
