// Whether a page's text stands the right way up or upside down, judged from its ink alone (no
// recogniser). Latin text sits on its baseline: in a line, neighbouring letters share their bottoms
// far more often than their tops, because ascenders and capitals (b d f h k l t, A-Z: over a
// quarter of letters) rise above the x-height while descenders (g j p q y: about a twentieth) are
// few. Digits all share both, and say nothing. Turned upside down, the page's tops and bottoms
// swap. Decision 041, session 13: the judgement saves the upright band trial (a recognition of an
// eighth of the page) on pages where this evidence is clear.
import { otsuThreshold, scaleGrey, type Grey } from './grey.ts';

/** Glyph heights are measured at about this resolution: a 9 pt x-height is ~9 px, a capital ~13. */
const UPRIGHT_DPI = 150;
/** The page's edges are left out, as lineDirection leaves them (a photo's desk, a scan's border). */
const EDGE = 0.04;

/** A glyph narrower than this share of its height (l, I, 1, brackets) says nothing. */
const NARROW = 0.4;

interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  /** Where its top row's ink ends on the left, and its bottom row's on the right. */
  topLeft: number;
  bottomRight: number;
}

/**
 * What a page's glyph pairs say: pairs sharing only their bottoms, and only their tops; and the
 * median height of its letter-sized ink pieces, in the page's own pixels (0: too few to tell).
 */
export interface UprightEvidence {
  bottoms: number;
  tops: number;
  letter: number;
}

/**
 * The boxes of the ink's connected pieces (8-connected), by one pass of union-find over labels.
 * `ink` is 1 where the pixel is ink.
 */
function inkBoxes(ink: Uint8Array, width: number, height: number): Box[] {
  const label = new Int32Array(width * height);
  let parent = new Int32Array(1024);
  let next = 1;
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]!]!;
      a = parent[a]!;
    }
    return a;
  };
  // `l` joined with the piece labelled `n` (0: none yet); the smaller root wins
  const join = (l: number, n: number): number => {
    if (!n) return l;
    const rn = find(n);
    if (!l) return rn;
    const rl = find(l);
    if (rl === rn) return rl;
    parent[Math.max(rl, rn)] = Math.min(rl, rn);
    return Math.min(rl, rn);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (!ink[i]) continue;
      // the four neighbours already labelled: left, and the three above
      let l = x > 0 ? join(0, label[i - 1]!) : 0;
      if (y > 0) {
        const up = i - width;
        if (x > 0) l = join(l, label[up - 1]!);
        l = join(l, label[up]!);
        if (x < width - 1) l = join(l, label[up + 1]!);
      }
      if (!l) {
        if (next === parent.length) {
          const grown = new Int32Array(parent.length * 2);
          grown.set(parent);
          parent = grown;
        }
        l = next++;
        parent[l] = l;
      }
      label[i] = l;
    }
  }
  const boxOf = new Map<number, Box>();
  for (let y = 0; y < height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (!label[i]) continue;
      const r = find(label[i]!);
      const b = boxOf.get(r);
      if (!b) boxOf.set(r, { x0: x, x1: x, y0: y, y1: y, topLeft: x, bottomRight: x });
      else {
        if (x < b.x0) b.x0 = x;
        if (x > b.x1) b.x1 = x;
        b.bottomRight = x;
        b.y1 = y;
      }
    }
  }
  return [...boxOf.values()];
}

/**
 * Count the glyph pairs of a page (each glyph with its nearest neighbours on its line) that share
 * their bottoms but not their tops, and their tops but not their bottoms. `dpi` is the page's.
 */
export function uprightEvidence(g: Grey, dpi: number): UprightEvidence {
  const small = scaleGrey(g, Math.min(1, UPRIGHT_DPI / dpi));
  const { width, height, data } = small;
  const t = Math.min(otsuThreshold(small), 200);
  const mx = Math.round(width * EDGE);
  const my = Math.round(height * EDGE);
  const ink = new Uint8Array(width * height);
  for (let y = my; y < height - my; y++) {
    for (let x = mx, i = y * width + mx; x < width - mx; x++, i++) if (data[i]! <= t) ink[i] = 1;
  }
  const all = inkBoxes(ink, width, height);
  // a letter's height: the median of the pieces tall enough to be letters rather than specks
  const heights = all
    .map((b) => b.y1 - b.y0 + 1)
    .filter((h) => h >= 4)
    .sort((a, b) => a - b);
  if (heights.length < 20) return { bottoms: 0, tops: 0, letter: 0 };
  const letter = heights[heights.length >> 1]!;
  // glyphs: letter-sized, not a rule, a shaded band or a speck
  const glyphs = all.filter((b) => {
    const h = b.y1 - b.y0 + 1;
    const w = b.x1 - b.x0 + 1;
    return h >= letter * 0.5 && h <= letter * 2.5 && w <= letter * 8;
  });
  glyphs.sort((a, b) => a.x0 - b.x0);
  // how near alike two edges must be: a pixel, or a tenth of a letter on larger type
  const tol = Math.max(1, Math.round(letter * 0.1));
  const gap = letter * 1.5;
  // a slash leans: its top row's ink starts right of where its bottom row's ends
  const wide = (b: Box) => b.x1 - b.x0 + 1 >= (b.y1 - b.y0 + 1) * NARROW && b.topLeft <= b.bottomRight;
  let bottoms = 0;
  let tops = 0;
  for (let i = 0; i < glyphs.length; i++) {
    const a = glyphs[i]!;
    const ha = a.y1 - a.y0 + 1;
    // its right-hand neighbour on the same line: the nearest glyph starting after it whose height
    // overlaps most of the smaller of the two (each pair once, so no pair counts twice)
    let best: Box | undefined;
    for (let j = i + 1; j < glyphs.length; j++) {
      const b = glyphs[j]!;
      if (b.x0 > a.x1 + gap) break;
      if (b.x0 <= a.x0) continue;
      const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1;
      if (overlap < Math.min(ha, b.y1 - b.y0 + 1) * 0.5) continue;
      if (!best || b.x0 < best.x0) best = b;
    }
    if (!best) continue;
    const sameBottom = Math.abs(best.y1 - a.y1) <= tol;
    const sameTop = Math.abs(best.y0 - a.y0) <= tol;
    // the glyph standing out of the pair must be a letter, wide and upright: a slash or a bracket
    // reaches past a capital's baseline in some fonts (DejaVu's '/' shares a capital's top and
    // descends: the OCR fixture's 'NEFT/SALARY' rows leaned upside down, 27 pairs to 52)
    if (sameBottom && !sameTop) {
      if (wide(best.y0 < a.y0 ? best : a)) bottoms++;
    } else if (sameTop && !sameBottom) {
      if (wide(best.y1 > a.y1 ? best : a)) tops++;
    }
  }
  return { bottoms, tops, letter: (letter * g.width) / width };
}

/**
 * Pairs of one kind must outnumber the other this many times for a verdict. Scan bench pages, 67
 * of 12 classes, photos and sideways pages left out (decision 041, session 13): bottoms to tops
 * 0.96-30 upright (median 3.5), 0.08-1.1 turned; none judged the wrong way, 35 of 134 unsure.
 */
const CLEAR_RATIO = 2;
/** And be this many: a short last page's few lines, or a page of figures only, say too little. */
const MIN_PAIRS = 12;

export type Uprightness = 'upright' | 'turned' | 'unsure';

/** Whether the page's text stands upright, upside down ('turned'), or the ink cannot tell. */
export function uprightness(g: Grey, dpi: number): Uprightness {
  return inkLook(g, dpi).stands;
}

/**
 * Which way up the page stands, and its letters' median height in its own pixels (0: too few to
 * tell), from one look at its ink (the reader chooses the resolution it recognises at from the
 * height: scan/reading-dpi.ts).
 */
export function inkLook(g: Grey, dpi: number): { stands: Uprightness; letter: number } {
  const { bottoms, tops, letter } = uprightEvidence(g, dpi);
  if (bottoms >= MIN_PAIRS && bottoms >= tops * CLEAR_RATIO) return { stands: 'upright', letter };
  if (tops >= MIN_PAIRS && tops >= bottoms * CLEAR_RATIO) return { stands: 'turned', letter };
  return { stands: 'unsure', letter };
}
