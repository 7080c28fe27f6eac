// The resolution a page is recognised at, chosen from the height of its letters (decision 041,
// session 14). The recogniser scales every text line to a fixed height before its LSTM reads it, so
// pixels past what the glyphs need buy nothing but the time of its own layout pass and of ours
// (`prepared`): a clean 300 dpi page read at ~210 dpi took a fifth less CPU and read the same rows.
// Small type keeps more of its pixels: the scale follows the letters, not the page's dpi; and soft
// glyphs (a 150-200 dpi scan blown up, a light or washed-out one) keep all of theirs: read at ~210
// dpi, the scan bench's dpi150 lost 3 of 37 rows, light 3 of 43, contrast 1 of 54.
import { greyHistogram, inkAndPaper, type Grey } from './grey.ts';

/**
 * The median height of a page's letter-sized ink pieces (uprightEvidence's `letter`: lower-case
 * letters, capitals and figures together) that the recogniser is given. Scan bench pages at 300 dpi:
 * 22-30 px (8-9 pt type), read at 200-240 dpi with every row kept.
 */
const LETTER_PX = 17;
/** Never under this: the lowest resolution the scan bench read in full (dpi200, 39/39 rows). */
export const MIN_READING_DPI = 200;
/** Never over this: more pixels only cost the recogniser time and memory. */
export const MAX_READING_DPI = 300;

/**
 * Soft edges: pixels between ink and paper (the middle half of the range) this many times the ink's
 * own (its darkest quarter) or more. Scan bench pages at 300 dpi: sharp scans (clean, garbled)
 * 0.30-0.53, JPEG q40 and landscape 0.68-1.11 (the threshold falls among them); soft ones 1.14 and
 * up (contrast 1.14-1.16, dpi200 1.29-1.34, dpi150 1.43-1.72, light 2.6-3.1, skew and bands
 * 1.25-1.81). The clean scans are what the saving is for.
 */
const SOFT_EDGES = 1;

/** Whether a page's glyphs have sharp edges (see SOFT_EDGES): only those are read at less dpi. */
export function sharpGlyphs(g: Grey): boolean {
  // counted from the page's histogram: one pass over its pixels, not two (a 300 dpi page's 8.7
  // million: 20 -> 7 ms, the least of 12 runs each; decision 041, session 21)
  const hist = greyHistogram(g);
  const { ink, paper } = inkAndPaper(g, hist);
  const range = paper - ink;
  if (range <= 0) return false;
  const dark = ink + range * 0.25;
  const light = ink + range * 0.75;
  let inkPx = 0;
  let edge = 0;
  for (let v = 0; v < 256; v++) {
    if (v <= dark) inkPx += hist[v]!;
    else if (v < light) edge += hist[v]!;
  }
  return inkPx > 0 && edge < inkPx * SOFT_EDGES;
}

/**
 * The dpi to recognise a page at, given the median height of its letters in the page's pixels
 * (`letter`, 0 when unknown) and the page's own `dpi`: its letters LETTER_PX high, within
 * MIN_READING_DPI..MAX_READING_DPI and not over the page's own (a page is not blown up here).
 */
export function readingDpi(letter: number, dpi: number): number {
  if (!(letter > 0) || !(dpi > 0)) return Math.min(dpi > 0 ? dpi : MAX_READING_DPI, MAX_READING_DPI);
  const wanted = Math.round((dpi * LETTER_PX) / letter);
  return Math.min(dpi, Math.max(MIN_READING_DPI, Math.min(MAX_READING_DPI, wanted)));
}
