// A photographed sheet (issue 32): a phone photo holds the page as a quadrilateral on a darker desk,
// held a little off square. Its four edges are found where the desk meets the paper, and the page is
// warped back to a rectangle before anything else reads it. A scan (paper to the image's edges) has
// no such edge, and is left as it is. Pure and synchronous, tested in test/ocr/preprocess.test.ts.
import { type Grey, scaleGrey } from './grey.ts';

/** A point (x, y) in pixels. */
export type Point = [number, number];
/** The sheet's corners: top left, top right, bottom right, bottom left. */
export type Quad = [Point, Point, Point, Point];

// The sheet is looked for on a copy this many pixels on its longer side (a box-filtered copy: the
// grain averages out, the text blurs into the paper, the desk's edge stays a step).
const SMALL_SIDE = 400;
// A pixel is the paper's edge when it is brighter than everything between it and the image's border
// by this many grey levels: the desk is darker than the paper all the way, and paper at the border
// (a scan) leaves nothing before it to be brighter than.
const EDGE_STEP = 45;
// The edge is looked for within this share of the width (height) from each side.
const EDGE_REACH = 0.3;
// An edge needs a point on this share of the rows (columns) it crosses, within this many small
// pixels of the line fitted through them.
const EDGE_SUPPORT = 0.6;
const EDGE_FIT_PX = 1.5;
// The sheet takes at least this share of the photo.
const MIN_AREA = 0.35;

/** x = a * t + b, fitted to points (t, x) by least squares; with its points within `tol`, or null. */
function fitLine(points: Point[], tol: number): { a: number; b: number; kept: number } | null {
  let pts = points;
  for (let round = 0; round < 3; round++) {
    if (pts.length < 2) return null;
    let st = 0;
    let sx = 0;
    let stt = 0;
    let stx = 0;
    for (const [t, x] of pts) {
      st += t;
      sx += x;
      stt += t * t;
      stx += t * x;
    }
    const n = pts.length;
    const den = n * stt - st * st;
    if (den === 0) return null;
    const a = (n * stx - st * sx) / den;
    const b = (sx - a * st) / n;
    const near = pts.filter(([t, x]) => Math.abs(a * t + b - x) <= tol * (round === 2 ? 1 : 3 - round));
    if (round === 2) return { a, b, kept: near.length };
    pts = near;
  }
  return null;
}

/**
 * One edge of the sheet on the small copy: for each line across it (rows for the left and right
 * edges, columns for the top and bottom), the first pixel from that side brighter by EDGE_STEP than
 * all before it; the line fitted through them, as x = a * t + b along the side (t: row or column).
 */
function edge(
  s: Grey,
  side: 'left' | 'right' | 'top' | 'bottom',
  ramp = false,
): { a: number; b: number } | null {
  const across = side === 'left' || side === 'right';
  const lines = across ? s.height : s.width;
  const depth = across ? s.width : s.height;
  const reach = Math.round(EDGE_REACH * depth);
  const from = side === 'left' || side === 'top';
  const at = (t: number, d: number) => {
    const p = from ? d : depth - 1 - d;
    return across ? s.data[t * s.width + p]! : s.data[p * s.width + t]!;
  };
  const points: Point[] = [];
  /** the edge `share` of small pixel d - 1's width before pixel d (0: on their boundary) */
  const place = (d: number, share: number) => (from ? d - 0.5 - share : depth - 1 - d + 0.5 + share);
  // (the middle of each side: its ends may be a corner of the desk's, or past the sheet's corner)
  const t0 = Math.round(0.15 * lines);
  const t1 = Math.round(0.85 * lines);
  for (let t = t0; t < t1; t++) {
    let darkest = 255;
    let brightest = 0;
    // (ramp) the same over the pixels before the last one: the edge may fall inside a small pixel,
    // which takes a grey between desk and paper (photo PNB 47596 page 1: desk 75-87, then 130, then
    // paper 193 on 126 of its 280 rows, the sheet's left edge not found and the page read with its
    // desk)
    let darkestBefore = 255;
    let brightestBefore = 0;
    for (let d = 0; d < reach; d++) {
      const v = at(t, d);
      if (d >= 1 && v >= brightest + EDGE_STEP && brightest - darkest < EDGE_STEP) {
        points.push([t, place(d, 0)]);
        break;
      }
      if (ramp && d >= 2 && v >= brightestBefore + EDGE_STEP && brightestBefore - darkestBefore < EDGE_STEP) {
        // the paper's share of the pixel between, from its grey
        const desk = at(t, d - 2);
        const share = Math.min(1, Math.max(0, (at(t, d - 1) - desk) / Math.max(1, v - desk)));
        points.push([t, place(d, share)]);
        break;
      }
      if (d >= 1) {
        const u = at(t, d - 1);
        darkestBefore = Math.min(darkestBefore, u);
        brightestBefore = Math.max(brightestBefore, u);
      }
      darkest = Math.min(darkest, v);
      brightest = Math.max(brightest, v);
    }
  }
  if (points.length < EDGE_SUPPORT * (t1 - t0)) return null;
  const line = fitLine(points, EDGE_FIT_PX);
  return line && line.kept >= EDGE_SUPPORT * (t1 - t0) ? line : null;
}

/** Where the line x = l.a * y + l.b (left, right) meets y = t.a * x + t.b (top, bottom). */
function meet(l: { a: number; b: number }, t: { a: number; b: number }): Point {
  const y = (t.a * l.b + t.b) / (1 - t.a * l.a);
  return [l.a * y + l.b, y];
}

/** Twice the quadrilateral's area (shoelace). */
function area2(q: Quad): number {
  let s = 0;
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = q[i]!;
    const [x1, y1] = q[(i + 1) % 4]!;
    s += x0 * y1 - x1 * y0;
  }
  return Math.abs(s);
}

/**
 * The corners of a photographed sheet on its desk, in the image's pixels; null when the image shows
 * no such sheet (a scan: paper to its edges; or an edge not found all along).
 */
export function sheetCorners(g: Grey): Quad | null {
  const f = Math.min(1, SMALL_SIDE / Math.max(g.width, g.height));
  const s = scaleGrey(g, f);
  // an edge not found step by step is looked for again with a pixel of grey between desk and paper
  // allowed: only then, so that an edge found already stays where it was (the recogniser's read of a
  // soft photo moves with a tenth of a pixel: photo CANARA 71367 read 20 rows, then 16, with its
  // corners moved 0.03-0.27 px by the finer placing)
  const side = (name: 'left' | 'right' | 'top' | 'bottom') => edge(s, name) ?? edge(s, name, true);
  const left = side('left');
  const right = side('right');
  const top = side('top');
  const bottom = side('bottom');
  if (!left || !right || !top || !bottom) return null;
  const small: Quad = [meet(left, top), meet(right, top), meet(right, bottom), meet(left, bottom)];
  if (area2(small) / 2 < MIN_AREA * s.width * s.height) return null;
  // (a small pixel's middle is at (i + 0.5) / f in the image)
  const sx = g.width / s.width;
  const sy = g.height / s.height;
  return small.map(([x, y]) => [(x + 0.5) * sx - 0.5, (y + 0.5) * sy - 0.5]) as Quad;
}

/**
 * The homography mapping the unit square's corners onto `q` (tl, tr, br, bl), as 8 numbers
 * [a, b, c, d, e, f, g, h]: x = (a u + b v + c) / z, y = (d u + e v + f) / z, z = g u + h v + 1.
 * Shared with the scan bench, which draws its photos through the inverse (squareFrom).
 */
export function homography(q: Quad): number[] {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den;
  const h = (dx1 * sy - sx * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h];
}

/** The projective map of the unit square onto `q` (u, v) -> (x, y). */
export function squareTo(q: Quad): (u: number, v: number) => Point {
  const [a, b, c, d, e, f, g, h] = homography(q) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return (u, v) => {
    const z = g * u + h * v + 1;
    return [(a * u + b * v + c) / z, (d * u + e * v + f) / z];
  };
}

/** The inverse of squareTo: a point (x, y) -> its place (u, v) on the unit square (outside [0, 1) when off the sheet). */
export function squareFrom(q: Quad): (x: number, y: number) => Point {
  const [a, b, c, d, e, f, g, h] = homography(q) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // the adjugate of [[a, b, c], [d, e, f], [g, h, 1]] over its determinant
  const det = a * (e - f * h) - b * (d - f * g) + c * (d * h - e * g);
  const m = [
    (e - f * h) / det,
    (c * h - b) / det,
    (b * f - c * e) / det,
    (f * g - d) / det,
    (a - c * g) / det,
    (c * d - a * f) / det,
    (d * h - e * g) / det,
    (b * g - a * h) / det,
    (a * e - b * d) / det,
  ] as [number, number, number, number, number, number, number, number, number];
  return (x, y) => {
    const z = m[6] * x + m[7] * y + m[8];
    return [(m[0] * x + m[1] * y + m[2]) / z, (m[3] * x + m[4] * y + m[5]) / z];
  };
}

const dist = ([ax, ay]: Point, [bx, by]: Point) => Math.hypot(ax - bx, ay - by);

/**
 * The sheet inside `q` warped to a rectangle as long as its longer edges (bilinear; white outside
 * the image).
 */
export function warpSheet(g: Grey, q: Quad): Grey {
  const width = Math.max(1, Math.round(Math.max(dist(q[0], q[1]), dist(q[3], q[2]))));
  const height = Math.max(1, Math.round(Math.max(dist(q[0], q[3]), dist(q[1], q[2]))));
  const map = squareTo(q);
  const out = new Uint8Array(width * height);
  const d = g.data;
  const w = g.width;
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / height;
    for (let x = 0; x < width; x++) {
      const [px, py] = map((x + 0.5) / width, v);
      const sx = px - 0.5;
      const sy = py - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= w || y0 + 1 >= g.height) {
        out[y * width + x] = 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      const top = d[i]! + (d[i + 1]! - d[i]!) * fx;
      const bottom = d[i + w]! + (d[i + w + 1]! - d[i + w]!) * fx;
      out[y * width + x] = top + (bottom - top) * fy;
    }
  }
  return paperToEdges({ data: out, width, height });
}

// The band along the flattened sheet's edges given the paper just inside it, as a share of its
// shorter side (at least EDGE_BAND_MIN pixels): corners found within a pixel or two and the
// bilinear sampling leave a line of desk there, dashed by the desk's pattern, and the recogniser
// took it for glyphs and lost the rows near it (scan bench, photo PNB seed 47596: page 2's two
// rows read 'EEETEERL' 'DImomm' with it, right without it; decision 041, session 16). A printed
// page keeps text a quarter of an inch and more from its edges; the band is a few hundredths.
const EDGE_BAND = 0.005;
const EDGE_BAND_MIN = 3;

/** `g` with the pixels of its edge band each given the value of the nearest pixel inside the band. */
function paperToEdges(g: Grey): Grey {
  const { data, width, height } = g;
  const b = Math.max(EDGE_BAND_MIN, Math.round(EDGE_BAND * Math.min(width, height)));
  if (2 * b >= width || 2 * b >= height) return g;
  for (let y = 0; y < height; y++) {
    const inside = y >= b && y < height - b;
    const cy = Math.min(height - 1 - b, Math.max(b, y));
    for (let x = 0; x < width; x++) {
      // rows inside the band: only their ends
      if (inside && x === b) x = width - b;
      if (x >= width) break;
      const cx = Math.min(width - 1 - b, Math.max(b, x));
      data[y * width + x] = data[cy * width + cx]!;
    }
  }
  return g;
}

/** A photographed sheet warped flat; the image itself when it shows no sheet on a desk. */
export function flattenSheet(g: Grey): { grey: Grey; corners: Quad | null } {
  const corners = sheetCorners(g);
  return corners ? { grey: warpSheet(g, corners), corners } : { grey: g, corners: null };
}
