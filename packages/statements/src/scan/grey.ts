// A scanned page as the recogniser gets it: one byte a pixel (8-bit grey), a quarter of a canvas's
// RGBA. Every preprocessing step (issue 32) works on it: turning by quarter turns and by the skew,
// scaling, measuring the skew, binarising, removing ruling lines. All pure and synchronous, each
// tested on small fixtures (test/ocr/preprocess.test.ts).

export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Clockwise quarter turns. */
export type QuarterTurn = 0 | 90 | 180 | 270;

/** RGBA pixels (a canvas's ImageData) as grey, by the usual luma weights. */
export function greyFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Grey {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; p < data.length; i += 4, p++) {
    data[p] = (rgba[i]! * 299 + rgba[i + 1]! * 587 + rgba[i + 2]! * 114) / 1000;
  }
  return { data, width, height };
}

/**
 * RGB pixels (three bytes a pixel, `width` x `height`) as grey, weighed as greyFromRgba weighs them,
 * at the top left of a white image `outWidth` x `outHeight` (at least as large): what a canvas of
 * that size shows with the image drawn on it pixel for pixel.
 */
export function greyFromRgbAt(
  rgb: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  outWidth: number,
  outHeight: number,
): Grey {
  const data = new Uint8Array(outWidth * outHeight);
  if (outWidth > width || outHeight > height) data.fill(255);
  for (let y = 0, i = 0; y < height; y++) {
    for (let p = y * outWidth, end = p + width; p < end; p++, i += 3) {
      data[p] = (rgb[i]! * 299 + rgb[i + 1]! * 587 + rgb[i + 2]! * 114) / 1000;
    }
  }
  return { data, width: outWidth, height: outHeight };
}

/** A grey plane `width` x `height` at the top left of a white image `outWidth` x `outHeight` (greyFromRgbAt's). */
export function greyAt(
  plane: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  outWidth: number,
  outHeight: number,
): Grey {
  if (outWidth === width && outHeight === height)
    return { data: new Uint8Array(plane.buffer, plane.byteOffset, plane.length), width, height };
  const data = new Uint8Array(outWidth * outHeight).fill(255);
  for (let y = 0; y < height; y++) data.set(plane.subarray(y * width, (y + 1) * width), y * outWidth);
  return { data, width: outWidth, height: outHeight };
}

/**
 * The image blown up to `width` x `height` by the nearest pixel, at the top left of a white image
 * `outWidth` x `outHeight` (at least as large): what a canvas of that size shows with the image
 * drawn on it so, unsmoothed (pdf.js's drawing of an image it enlarges by more than 4/3:
 * read/pdf.ts, jpegGrey). Each output pixel takes the image's pixel under its middle; a middle on
 * the line between two pixels takes the one before it, as the canvas does (a 200 dpi scan drawn at
 * 300: the middle of every third pixel falls between two; taken after, half its pixels differed).
 */
export function blowUpAt(g: Grey, width: number, height: number, outWidth: number, outHeight: number): Grey {
  const data = new Uint8Array(outWidth * outHeight);
  if (outWidth > width || outHeight > height) data.fill(255);
  // (x + 0.5) * w is exact, and so is its quotient when that is whole: a tie is told exactly
  const under = (x: number, w: number, size: number) =>
    Math.max(0, Math.min(w - 1, Math.ceil(((x + 0.5) * w) / size) - 1));
  const xs = new Int32Array(width);
  for (let x = 0; x < width; x++) xs[x] = under(x, g.width, width);
  for (let y = 0; y < height; y++) {
    const from = under(y, g.height, height) * g.width;
    for (let x = 0, p = y * outWidth; x < width; x++, p++) data[p] = g.data[from + xs[x]!]!;
  }
  return { data, width: outWidth, height: outHeight };
}

/** The image turned clockwise by a quarter turn (exact: pixels are moved, not resampled). */
export function quarterTurn(g: Grey, deg: QuarterTurn): Grey {
  if (deg === 0) return g;
  const { width: w, height: h, data: src } = g;
  const [ow, oh] = deg === 180 ? [w, h] : [h, w];
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let o: number;
      if (deg === 90) o = x * ow + (h - 1 - y);
      else if (deg === 180) o = (h - 1 - y) * ow + (w - 1 - x);
      else o = (w - 1 - x) * ow + y;
      out[o] = src[row + x]!;
    }
  }
  return { data: out, width: ow, height: oh };
}

/** The image scaled by `factor` (< 1: each output pixel averages the input pixels it covers). */
export function scaleGrey(g: Grey, factor: number): Grey {
  const width = Math.max(1, Math.round(g.width * factor));
  const height = Math.max(1, Math.round(g.height * factor));
  if (width === g.width && height === g.height) return g;
  const out = new Uint8Array(width * height);
  const sx = g.width / width;
  const sy = g.height / height;
  if (sx >= 1 && sy >= 1) {
    // box filter: the integer span of source pixels under each output pixel. The columns' spans
    // are worked out once, not again on every row: a quarter to a third less CPU (an A4 page at 300
    // dpi scaled to 213: 70 -> 52 ms), the same bytes out (decision 041, session 15).
    const x0s = new Int32Array(width);
    const x1s = new Int32Array(width);
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      x0s[x] = x0;
      x1s[x] = Math.max(x0 + 1, Math.min(g.width, Math.floor((x + 1) * sx)));
    }
    const src = g.data;
    const w = g.width;
    for (let y = 0; y < height; y++) {
      const y0 = Math.floor(y * sy);
      const y1 = Math.max(y0 + 1, Math.min(g.height, Math.floor((y + 1) * sy)));
      const o = y * width;
      for (let x = 0; x < width; x++) {
        const x0 = x0s[x]!;
        const x1 = x1s[x]!;
        let sum = 0;
        for (let row = y0 * w; row < y1 * w; row += w) {
          for (let i = row + x0; i < row + x1; i++) sum += src[i]!;
        }
        out[o + x] = sum / ((y1 - y0) * (x1 - x0));
      }
    }
  } else {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++)
        out[y * width + x] = sample(g, (x + 0.5) * sx - 0.5, (y + 0.5) * sy - 0.5);
    }
  }
  return { data: out, width, height };
}

/** Bilinear sample at (x, y); white outside the image. */
function sample(g: Grey, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const at = (xx: number, yy: number) =>
    xx < 0 || yy < 0 || xx >= g.width || yy >= g.height ? 255 : g.data[yy * g.width + xx]!;
  const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
  const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * The image turned clockwise by `deg` degrees about its middle, the same size (a small skew moves
 * the corners out a little; the page's margins take it), white where nothing was.
 */
export function rotateGrey(g: Grey, deg: number): Grey {
  if (deg === 0) return g;
  const { width: w, height: h } = g;
  const rad = (deg * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const cx = (w - 1) / 2;
  const cy = (h - 1) / 2;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const dy = y - cy;
    // inverse rotation: the source point that lands on (x, y)
    let sx = -cx * cos + dy * sin + cx;
    let sy = cx * sin + dy * cos + cy;
    for (let x = 0; x < w; x++, sx += cos, sy -= sin) {
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= h) {
        out[y * w + x] = x0 === w - 1 || y0 === h - 1 ? sample(g, sx, sy) : 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      const d = g.data;
      const top = d[i]! + (d[i + 1]! - d[i]!) * fx;
      const bottom = d[i + w]! + (d[i + w + 1]! - d[i + w]!) * fx;
      out[y * w + x] = top + (bottom - top) * fy;
    }
  }
  return { data: out, width: w, height: h };
}

/** Otsu's threshold of the image's histogram: the grey level that best splits ink from paper. */
export function otsuThreshold(g: Grey): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < g.data.length; i++) hist[g.data[i]!]++;
  const total = g.data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 128;
  for (let i = 0; i < 256; i++) {
    wB += hist[i]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += i * hist[i]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) * (mB - mF);
    if (between > best) {
      best = between;
      threshold = i;
    }
  }
  return threshold;
}

/** Black (0) at or under `threshold`, white (255) over it, in place. */
export function threshold(g: Grey, t: number): Grey {
  for (let i = 0; i < g.data.length; i++) g.data[i] = g.data[i]! > t ? 255 : 0;
  return g;
}

/**
 * Sauvola's adaptive threshold, in place: a pixel is ink when darker than its neighbourhood's mean
 * lowered by `k` times how little the neighbourhood varies. Uneven light, shaded bands and a
 * photo's shadows move the paper's grey across the page, which one global threshold cannot follow.
 * `radius` about half a text line's height or more (a 300 dpi page: ~20 px).
 */
export function sauvola(g: Grey, radius: number, k = 0.2): Grey {
  const { width: w, height: h, data } = g;
  const W = w + 1;
  // integral images of the grey and of its square (Float64: the squares' sums pass 2^32)
  const sum = new Float64Array(W * (h + 1));
  const sq = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let rs = 0;
    let rq = 0;
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x]!;
      rs += v;
      rq += v * v;
      sum[(y + 1) * W + x + 1] = sum[y * W + x + 1]! + rs;
      sq[(y + 1) * W + x + 1] = sq[y * W + x + 1]! + rq;
    }
  }
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(h, y + radius + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(w, x + radius + 1);
      const n = (y1 - y0) * (x1 - x0);
      const s = sum[y1 * W + x1]! - sum[y0 * W + x1]! - sum[y1 * W + x0]! + sum[y0 * W + x0]!;
      const q = sq[y1 * W + x1]! - sq[y0 * W + x1]! - sq[y1 * W + x0]! + sq[y0 * W + x0]!;
      const mean = s / n;
      const sd = Math.sqrt(Math.max(0, q / n - mean * mean));
      const t = mean * (1 + k * (sd / 128 - 1));
      data[y * w + x] = data[y * w + x]! > t ? 255 : 0;
    }
  }
  return g;
}

/**
 * Table ruling lines confuse the recogniser (read as `|`, `[`, or whole cells dropped). Whiten every
 * black run longer than any glyph stroke, horizontally and vertically, in a binary image, in place.
 * With `remnant`, a blot of ink under `remnant` pixels either way left touching a whitened rule is
 * whitened too: where two rules cross, the corners the scan's blur filled in belong to neither
 * rule's long run, and each cross left four of them close together, so none was a speck alone
 * (`despeckle`); the recogniser read them as ':' and ')' in empty cells (PNB's photo lost its last
 * row to them). A glyph is taller than `remnant`, and a point or comma sits clear of the rules.
 */
export function removeRules(g: Grey, remnant = 0): Grey {
  const { width, height, data } = g;
  const minRun = Math.max(60, Math.round(width / 40));
  const wipe = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const on = x < width && data[y * width + x] === 0;
      if (on && start < 0) start = x;
      if (!on && start >= 0) {
        if (x - start >= minRun) wipe.fill(1, y * width + start, y * width + x);
        start = -1;
      }
    }
  }
  // the columns' runs followed row by row, each column's open run's start kept: walking down a
  // column a pixel at a time crosses a row's width of memory at each step (a 213 dpi page's
  // binary copy: 44 -> 37 ms, the least of 12 runs each; the same runs either way; decision 041,
  // session 21)
  const starts = new Int32Array(width).fill(-1);
  for (let y = 0; y <= height; y++) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const on = y < height && data[i] === 0;
      const start = starts[x]!;
      if (on && start < 0) starts[x] = y;
      if (!on && start >= 0) {
        if (y - start >= minRun) for (let k = start; k < y; k++) wipe[k * width + x] = 1;
        starts[x] = -1;
      }
    }
  }
  for (let i = 0; i < wipe.length; i++) if (wipe[i]) data[i] = 255;
  if (remnant > 0) removeRemnants(g, wipe, remnant);
  return g;
}

/** Blots under `maxSide` pixels either way touching (8-connected) a pixel of `wipe`, whitened. */
function removeRemnants(g: Grey, wipe: Uint8Array, maxSide: number): void {
  const { width: w, height: h, data } = g;
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  const blot: number[] = [];
  const touchesWipe = (p: number) => {
    const x = p % w;
    const y = (p - x) / w;
    for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) {
      for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++)
        if (wipe[yy * w + xx]) return true;
    }
    return false;
  };
  for (let start = 0; start < data.length; start++) {
    if (data[start] !== 0 || seen[start] || !touchesWipe(start)) continue;
    // (a glyph, or more, touching the rule is kept)
    if (followBlot(g, start, maxSide, seen, stack, blot)) for (const p of blot) data[p] = 255;
  }
}

/**
 * The blot of ink (8-connected) that `start` is part of, followed to its end and marked in `seen`;
 * its pixels are collected into `blot` while it is no bigger than `maxSide` either way. Returns its
 * box when it stayed that small, else null.
 */
function followBlot(
  g: Grey,
  start: number,
  maxSide: number,
  seen: Uint8Array,
  stack: number[],
  blot: number[],
): [x0: number, y0: number, x1: number, y1: number] | null {
  const { width: w, height: h, data } = g;
  let [x0, y0, x1, y1] = [w, h, -1, -1];
  let small = true;
  blot.length = 0;
  seen[start] = 1;
  stack.push(start);
  while (stack.length > 0) {
    const p = stack.pop()!;
    const x = p % w;
    const y = (p - x) / w;
    // a blot too big is still followed to its end, so that none of its pixels starts another
    if (small) {
      blot.push(p);
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      if (x1 - x0 >= maxSide || y1 - y0 >= maxSide) small = false;
    }
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= h) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= w) continue;
        const q = yy * w + xx;
        if (data[q] === 0 && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
  }
  return small ? [x0, y0, x1, y1] : null;
}

/**
 * Specks removed from a binary image, in place: a blot of ink no bigger than `maxSide` pixels
 * either way with no other ink within `radius` pixels of it is dust or a toner speck, not text (a
 * decimal point or a dot on an i sits within a character of its neighbours). The recogniser reads
 * such specks as '.', ':', '-' or '°', and a stray '-' or ':' in a figure column breaks the row.
 */
export function despeckle(g: Grey, maxSide: number, radius: number): Grey {
  const { width: w, height: h, data } = g;
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  const blot: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (data[start] !== 0 || seen[start]) continue;
    const box = followBlot(g, start, maxSide, seen, stack, blot);
    if (!box) continue;
    const [x0, y0, x1, y1] = box;
    for (const p of blot) seen[p] = 2;
    let alone = true;
    for (let y = Math.max(0, y0 - radius); alone && y <= Math.min(h - 1, y1 + radius); y++) {
      for (let x = Math.max(0, x0 - radius); x <= Math.min(w - 1, x1 + radius); x++) {
        const q = y * w + x;
        if (data[q] === 0 && seen[q] !== 2) {
          alone = false;
          break;
        }
      }
    }
    for (const p of blot) {
      seen[p] = 1;
      if (alone) data[p] = 255;
    }
  }
  return g;
}

/**
 * The grey page kept only where `cleaned` (its binary copy at `t`, rules and specks removed)
 * keeps ink, with `halo` pixels around it for the glyphs' soft edges; white elsewhere: the rules
 * and specks cleaning removed, and the paper's grain and bleed, which the recogniser otherwise
 * reads as glyphs (scan bench, speckle: 7/48 rows with the paper left grey, 30/48 whitened). The
 * recogniser reads soft glyphs better in grey than cut to black and white: a 150 dpi scan blown
 * up to 300 dpi and thresholded loses its points and commas to the digits beside them.
 * When cleaning took more than `maxShare` of the ink, `t` did not split ink from paper (a shaded
 * table band or a photo's shadow fell under it, and its long runs were wiped with the text in
 * them): the grey is given as it is (scan bench: `bands` 0/19 rows and `photo` 0/22 wiped, 6/19
 * and 20/22 not). Cleaning a page takes well under 1% of its ink.
 */
export function wipeCleaned(g: Grey, t: number, cleaned: Grey, halo = 2, maxShare = 0.3): Grey {
  let ink = 0;
  let wiped = 0;
  for (let i = 0; i < g.data.length; i++) {
    if (g.data[i]! > t) continue;
    ink++;
    if (cleaned.data[i] !== 0) wiped++;
  }
  if (wiped > ink * maxShare) return g;
  return keepNear(g, cleaned, halo);
}

/**
 * The grey kept within `halo` pixels of the ink of `cleaned` (a binary copy: 0 ink), white
 * elsewhere: the glyphs with their soft edges.
 */
export function keepNear(g: Grey, cleaned: Grey, halo = 2): Grey {
  const { width: w, height: h } = g;
  // the kept ink grown by `halo` (across, then down)
  const across = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = y * w; x < w; x++, i++) {
      if (cleaned.data[i] !== 0) continue;
      for (let xx = Math.max(0, x - halo); xx <= Math.min(w - 1, x + halo); xx++) across[y * w + xx] = 1;
    }
  }
  const out = new Uint8Array(w * h).fill(255);
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = y * w; x < w; x++, i++) {
      if (!across[i]) continue;
      for (let yy = Math.max(0, y - halo); yy <= Math.min(h - 1, y + halo); yy++) {
        const j = yy * w + x;
        out[j] = g.data[j]!;
      }
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * The skew of the text lines, in degrees clockwise (what `rotateGrey(g, -angle)` undoes), within
 * ±`maxDeg`; 0 when there is too little ink to tell. The ink of a reduced copy (~100 dpi is plenty)
 * is projected onto the page's vertical at each candidate angle: at the text's own angle the rows
 * of ink fall into few, full bins, so the sum of squared bin counts peaks there. A coarse sweep,
 * then a fine one around the best.
 */
export function skewAngle(g: Grey, maxDeg = 5): number {
  const factor = Math.min(1, 900 / Math.max(g.width, g.height));
  const small = scaleGrey(g, factor);
  const t = Math.min(otsuThreshold(small), 200);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      if (small.data[y * small.width + x]! <= t) {
        xs.push(x - small.width / 2);
        ys.push(y);
      }
    }
  }
  // too little ink, or a page of solid dark: nothing to measure
  if (xs.length < 200 || xs.length > small.data.length * 0.5) return 0;
  const bins = new Float64Array(small.height + small.width + 2);
  const offset = small.width / 2 + 1;
  const score = (deg: number) => {
    const rad = (deg * Math.PI) / 180;
    const sin = Math.sin(rad);
    const cos = Math.cos(rad);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i]! * cos - xs[i]! * sin + offset)]++;
    let s = 0;
    for (let i = 0; i < bins.length; i++) s += bins[i]! * bins[i]!;
    return s;
  };
  let best = 0;
  let bestScore = score(0);
  for (let d = -maxDeg; d <= maxDeg + 1e-9; d += 0.25) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  const coarse = best;
  for (let d = coarse - 0.25; d <= coarse + 0.25 + 1e-9; d += 0.05) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  return Math.round(best * 100) / 100;
}

/** The fraction of a page's width (and height) on each side that lineDirection leaves out. */
const EDGE = 0.04;

/**
 * Which way the text lines run, judged without OCR: the ink count of successive rows jumps at
 * every line of text and every gap between lines; that of successive columns changes more gently.
 * Compared as the summed squared steps of each profile. Upright text scores about twice as sharp
 * across rows as down columns (and sideways text the reverse); `ratio` leaves room for tables with
 * strong column gaps.
 */
export function lineDirection(g: Grey, ratio = 1.3): 'across' | 'down' | 'unsure' {
  const small = scaleGrey(g, Math.min(1, Math.max(0.25, 200 / Math.min(g.width, g.height))));
  const { width, height, data } = small;
  // averaging thins the strokes to grey: the ink is what is darker than the small copy's own split
  const ink = Math.min(otsuThreshold(small), 200);
  // the page's edges are left out: a photographed sheet warped flat keeps a sliver of the desk or
  // the sheet's shadow along its sides, one long dark column whose step outweighed every line of
  // text (scan bench, photo: 9 of 18 pages judged 'down' or 'unsure', each then read in two or four
  // trial turns; none with the edges left out. Decision 041, session 12)
  const mx = Math.round(width * EDGE);
  const my = Math.round(height * EDGE);
  const rows = new Float64Array(height - 2 * my);
  const cols = new Float64Array(width - 2 * mx);
  for (let y = my; y < height - my; y++) {
    for (let x = mx, i = y * width + mx; x < width - mx; x++, i++) {
      if (data[i]! <= ink) {
        rows[y - my]++;
        cols[x - mx]++;
      }
    }
  }
  const steps = (p: Float64Array) => {
    let s = 0;
    for (let i = 1; i < p.length; i++) s += (p[i]! - p[i - 1]!) ** 2;
    return s;
  };
  const across = steps(rows);
  const down = steps(cols);
  if (across > down * ratio) return 'across';
  if (down > across * ratio) return 'down';
  return 'unsure';
}

/** A band across the middle of the page, `fraction` of its height. */
export function middleBand(g: Grey, fraction: number): Grey {
  const h = Math.max(1, Math.round(g.height * fraction));
  const top = Math.round((g.height - h) / 2);
  return { data: g.data.slice(top * g.width, (top + h) * g.width), width: g.width, height: h };
}

/**
 * The band `fraction` of the page high that holds the most ink (by Otsu's split): where the text
 * is, for an orientation trial; a short last page's few rows sit at its top, not its middle.
 */
export function inkiestBand(g: Grey, fraction: number): Grey {
  const h = Math.max(1, Math.round(g.height * fraction));
  const t = Math.min(otsuThreshold(g), 200);
  const rows = new Float64Array(g.height);
  for (let y = 0; y < g.height; y++) {
    let n = 0;
    for (let x = 0, i = y * g.width; x < g.width; x++, i++) if (g.data[i]! <= t) n++;
    rows[y] = n;
  }
  let sum = 0;
  for (let y = 0; y < h; y++) sum += rows[y]!;
  let best = sum;
  let top = 0;
  for (let y = h; y < g.height; y++) {
    sum += rows[y]! - rows[y - h]!;
    if (sum > best) [best, top] = [sum, y - h + 1];
  }
  return { data: g.data.slice(top * g.width, (top + h) * g.width), width: g.width, height: h };
}

/** A binary PGM (P5): tesseract reads it directly, and it costs nothing to encode, unlike PNG. */
export function pgm(g: Grey): Buffer {
  const header = Buffer.from(`P5\n${g.width} ${g.height}\n255\n`, 'latin1');
  return Buffer.concat([header, g.data]);
}

/**
 * A 3 x 3 median filter (a new image; the border's pixels kept): a grain's lone dark or light pixel
 * takes its neighbours' grey, a stroke two pixels wide or more keeps its own.
 */
export function median3(g: Grey): Grey {
  const { width: w, height: h, data } = g;
  const out = data.slice();
  const win = new Uint8Array(9);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let k = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const row = (y + dy) * w + x;
        win[k++] = data[row - 1]!;
        win[k++] = data[row]!;
        win[k++] = data[row + 1]!;
      }
      // insertion sort of nine: cheaper than a generic sort on a typed array this small
      for (let i = 1; i < 9; i++) {
        const v = win[i]!;
        let j = i - 1;
        while (j >= 0 && win[j]! > v) {
          win[j + 1] = win[j]!;
          j--;
        }
        win[j + 1] = v;
      }
      out[y * w + x] = win[4]!;
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * The grey stretched so that its darkest `share` of pixels is black and its lightest `share` is
 * white (a new image): a washed-out scan (ink ~95, paper ~200) given its contrast back.
 */
export function stretchContrast(g: Grey, share = 0.01): Grey {
  const hist = new Uint32Array(256);
  for (let i = 0; i < g.data.length; i++) hist[g.data[i]!]++;
  const cut = g.data.length * share;
  let lo = 0;
  for (let n = 0; lo < 255 && n + hist[lo]! <= cut; lo++) n += hist[lo]!;
  let hi = 255;
  for (let n = 0; hi > 0 && n + hist[hi]! <= cut; hi--) n += hist[hi]!;
  if (hi - lo < 16) return g;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) out[i] = lut[g.data[i]!]!;
  return { data: out, width: g.width, height: g.height };
}

/**
 * The paper's grain: the mean difference between a paper pixel and the median of its 3 x 3
 * neighbourhood, on every `step`-th row and every third column. Paper is what is lighter than the page's median less 40.
 * A clean scan's paper is flat (under ~0.3); dust and grain (the scan bench's speckle: 0.91-1.00)
 * and a phone's sensor noise (~0.95) stand out; a blurred 150-200 dpi scan's soft edges reach
 * ~0.8.
 */
export function paperGrain(g: Grey, step = 4): number {
  const { width: w, height: h, data } = g;
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i += 7) hist[data[i]!]++;
  let half = 0;
  let mid = 0;
  const count = Math.ceil(data.length / 7);
  while (mid < 255 && (half += hist[mid]!) < count / 2) mid++;
  const paperFrom = mid - 40;
  const win = new Uint8Array(9);
  let sum = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y += step) {
    for (let x = 1; x < w - 1; x += 3) {
      let k = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const row = (y + dy) * w + x;
        win[k++] = data[row - 1]!;
        win[k++] = data[row]!;
        win[k++] = data[row + 1]!;
      }
      for (let i = 1; i < 9; i++) {
        const v = win[i]!;
        let j = i - 1;
        while (j >= 0 && win[j]! > v) {
          win[j + 1] = win[j]!;
          j--;
        }
        win[j + 1] = v;
      }
      const m = win[4]!;
      if (m <= paperFrom) continue;
      sum += Math.abs(data[y * w + x]! - m);
      n++;
    }
  }
  return n ? sum / n : 0;
}

/** How many pixels of the image take each grey level. */
export function greyHistogram(g: Grey): Uint32Array {
  const hist = new Uint32Array(256);
  for (let i = 0; i < g.data.length; i++) hist[g.data[i]!]++;
  return hist;
}

/** The ink's grey (the darkest 0.5% of the pixels) and the paper's (the lightest 1%). */
export function inkAndPaper(g: Grey, hist = greyHistogram(g)): { ink: number; paper: number } {
  const total = g.data.length;
  let lo = 0;
  for (let n = hist[0]!; lo < 255 && n < 0.005 * total;) n += hist[++lo]!;
  let hi = 255;
  for (let n = hist[255]!; hi > 0 && n < 0.01 * total;) n += hist[--hi]!;
  return { ink: lo, paper: hi };
}

/** The grey levels between ink and paper (inkAndPaper). */
export function inkToPaper(g: Grey): number {
  const { ink, paper } = inkAndPaper(g);
  return paper - ink;
}

/**
 * The paper's light made even (a new image): each pixel over the paper's grey around it, the paper
 * white. The paper's grey is the lightest of each block's pixels but a few (its 90th percentile: a
 * block of `block` pixels square holds paper between text lines), taken as the largest of each
 * block's and its eight neighbours' (a block inside a shaded figure or a heavy line takes its
 * paper's neighbours'), then interpolated between the blocks' middles. A phone photo's light falls
 * off across the sheet (the scan bench's photos: paper 238 at one corner, 170 at the other), and
 * the recogniser's own global threshold then reads the darker half's grain as glyphs.
 */
export function evenLight(g: Grey, block = 48): Grey {
  const { width: w, height: h, data } = g;
  const bw = Math.max(1, Math.ceil(w / block));
  const bh = Math.max(1, Math.ceil(h / block));
  const paper = new Float32Array(bw * bh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++) {
      hist.fill(0);
      const x0 = bx * block;
      const y0 = by * block;
      const x1 = Math.min(w, x0 + block);
      const y1 = Math.min(h, y0 + block);
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) hist[data[y * w + x]!]++;
      let v = 255;
      for (let n = hist[255]!, cut = 0.1 * (x1 - x0) * (y1 - y0); v > 0 && n < cut;) n += hist[--v]!;
      paper[by * bw + bx] = v;
    }
  }
  const grown = new Float32Array(bw * bh);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const yy = by + dy;
          const xx = bx + dx;
          if (yy >= 0 && xx >= 0 && yy < bh && xx < bw) m = Math.max(m, paper[yy * bw + xx]!);
        }
      grown[by * bw + bx] = Math.max(1, m);
    }
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const top = grown[y0 * bw + x0]! * (1 - tx) + grown[y0 * bw + x1]! * tx;
      const bottom = grown[y1 * bw + x0]! * (1 - tx) + grown[y1 * bw + x1]! * tx;
      const bg = top * (1 - ty) + bottom * ty;
      out[y * w + x] = Math.min(255, Math.round((data[y * w + x]! * 255) / bg));
    }
  }
  return { data: out, width: w, height: h };
}

/**
 * How far the paper's light falls across the page, in grey levels: the paper's grey (each block's
 * 90th percentile, blocks of `block` pixels square inside a block's margin) at its lightest 5% of
 * blocks less that at its darkest 5%. A scan's paper is even (a few levels); the scan bench's phone
 * photos fall by 26-49.
 */
export function lightFall(g: Grey, block = 64): number {
  const papers: number[] = [];
  const hist = new Uint32Array(256);
  for (let y = block; y + 2 * block <= g.height; y += block) {
    for (let x = block; x + 2 * block <= g.width; x += block) {
      hist.fill(0);
      let n = 0;
      for (let yy = y; yy < y + block; yy += 2)
        for (let xx = x; xx < x + block; xx += 2, n++) hist[g.data[yy * g.width + xx]!]++;
      let v = 255;
      for (let k = hist[255]!; v > 0 && k < 0.1 * n;) k += hist[--v]!;
      papers.push(v);
    }
  }
  if (papers.length < 20) return 0;
  papers.sort((a, b) => a - b);
  return papers[Math.floor(0.95 * papers.length)]! - papers[Math.floor(0.05 * papers.length)]!;
}
