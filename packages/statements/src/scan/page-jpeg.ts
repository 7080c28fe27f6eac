// A scanned page that is one JPEG and nothing else, found in the PDF's own bytes, so that the
// reader can decode it natively (libjpeg-turbo, through @napi-rs/canvas) instead of through
// pdf.js's JavaScript decoder: ~300 ms a 300 dpi page in pdf.js, ~96 ms natively (decision 041,
// session 19). pdf.js has no way to hand over an image's undecoded bytes, and it starts decoding
// a page's images as soon as its operator list is asked for, so the page is looked at here,
// before pdf.js draws it.
//
// Only the plainest file is taken: no object streams, no encryption, each object written once
// (no incremental update), a page whose resources are its own and whose content does nothing but
// draw its one XObject, an 8-bit grey or RGB DCT image with no mask, decode array or colour
// transform, over exactly the page's box. Anything else gives null, and pdf.js reads the page.
import { inflateSync } from 'node:zlib';

/** A page's JPEG: its bytes and size in pixels. */
export interface PageJpeg {
  data: Buffer;
  width: number;
  height: number;
  /**
   * The matrices of the content's cm operators in force where it is drawn, in order: pdf.js applies
   * each to its canvas in turn, and the pixels it draws the image onto follow from them (read/pdf.ts,
   * drawnSize)
   */
  cms?: number[][];
}

/** Where the page sits, in PDF points (pdf.js's page.view: its crop box). */
export type PageBox = readonly number[];

type Value =
  | { t: 'dict'; v: Map<string, Value> }
  | { t: 'array'; v: Value[] }
  | { t: 'name'; v: string }
  | { t: 'num'; v: number }
  | { t: 'ref'; num: number; gen: number }
  | { t: 'other'; v: string };

const isSpace = (c: number) =>
  c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelim = (c: number) => isSpace(c) || '()<>[]{}/%'.includes(String.fromCharCode(c));

/** A small PDF object reader over `buf` from `pos`: enough for dictionaries of a page and an image. */
class Reader {
  readonly buf: Buffer;
  pos: number;
  constructor(buf: Buffer, pos: number) {
    this.buf = buf;
    this.pos = pos;
  }

  skip(): void {
    const b = this.buf;
    for (;;) {
      while (this.pos < b.length && isSpace(b[this.pos]!)) this.pos++;
      if (b[this.pos] !== 0x25) return; // '%': a comment to the line's end
      while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
    }
  }

  /** The next token: a delimiter ('<<', '>>', '[', ']', '(', '<', '/') or a run of regular bytes. */
  token(): string {
    this.skip();
    const b = this.buf;
    const c = b[this.pos];
    if (c === undefined) return '';
    if ((c === 0x3c || c === 0x3e) && b[this.pos + 1] === c) {
      this.pos += 2;
      return c === 0x3c ? '<<' : '>>';
    }
    if ('[]()<{}'.includes(String.fromCharCode(c))) {
      this.pos++;
      return String.fromCharCode(c);
    }
    const start = this.pos;
    this.pos++;
    while (this.pos < b.length && !isDelim(b[this.pos]!)) this.pos++;
    return b.toString('latin1', start, this.pos);
  }

  value(): Value | null {
    const tok = this.token();
    if (tok === '<<') {
      const v = new Map<string, Value>();
      for (;;) {
        const key = this.token();
        if (key === '>>') return { t: 'dict', v };
        if (!key.startsWith('/')) return null;
        const val = this.value();
        if (!val) return null;
        v.set(key.slice(1), val);
      }
    }
    if (tok === '[') {
      const v: Value[] = [];
      for (;;) {
        const at = this.pos;
        if (this.token() === ']') return { t: 'array', v };
        this.pos = at;
        const val = this.value();
        if (!val) return null;
        v.push(val);
      }
    }
    if (tok === '(') return this.skipString() ? { t: 'other', v: 'string' } : null;
    if (tok === '<') {
      const end = this.buf.indexOf(0x3e, this.pos);
      if (end < 0) return null;
      this.pos = end + 1;
      return { t: 'other', v: 'hex' };
    }
    if (tok.startsWith('/')) return { t: 'name', v: tok };
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(tok)) {
      // `num gen R` is a reference
      const at = this.pos;
      if (/^\d+$/.test(tok)) {
        const gen = this.token();
        if (/^\d+$/.test(gen) && this.token() === 'R')
          return { t: 'ref', num: Number(tok), gen: Number(gen) };
      }
      this.pos = at;
      return { t: 'num', v: Number(tok) };
    }
    if (tok === '' || tok === '>>' || tok === ']') return null;
    return { t: 'other', v: tok };
  }

  /** Past a literal string's closing bracket (nested brackets balance, a backslash escapes). */
  skipString(): boolean {
    const b = this.buf;
    let depth = 1;
    while (this.pos < b.length) {
      const c = b[this.pos++];
      if (c === 0x5c) this.pos++;
      else if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) return true;
    }
    return false;
  }
}

/** Where `num gen obj` starts its value, when the file writes that object exactly once. */
function objectStart(buf: Buffer, num: number, gen: number): number | null {
  const needle = Buffer.from(`${num} ${gen} obj`, 'latin1');
  let found: number | null = null;
  for (let i = buf.indexOf(needle); i >= 0; i = buf.indexOf(needle, i + 1)) {
    if (i > 0 && !isDelim(buf[i - 1]!)) continue;
    const after = buf[i + needle.length];
    if (after !== undefined && !isDelim(after)) continue;
    if (found !== null) return null; // written twice: an update; which one counts is pdf.js's to say
    found = i + needle.length;
  }
  return found;
}

interface Obj {
  value: Value;
  /** a stream's data, when the object is a stream */
  data: Buffer | null;
}

function object(buf: Buffer, ref: Value | undefined): Obj | null {
  if (ref?.t !== 'ref') return null;
  const start = objectStart(buf, ref.num, ref.gen);
  if (start === null) return null;
  const r = new Reader(buf, start);
  const value = r.value();
  if (!value) return null;
  if (r.token() !== 'stream' || value.t !== 'dict') return { value, data: null };
  let s = r.pos;
  if (buf[s] === 0x0d) s++;
  if (buf[s] === 0x0a) s++;
  const length = value.v.get('Length');
  let end: number;
  if (length?.t === 'num' && Number.isInteger(length.v) && s + length.v <= buf.length) end = s + length.v;
  else {
    end = buf.indexOf('endstream', s, 'latin1');
    if (end < 0) return null;
    if (buf[end - 1] === 0x0a) end--;
    if (buf[end - 1] === 0x0d) end--;
  }
  return { value, data: buf.subarray(s, end) };
}

function dictOf(buf: Buffer, v: Value | undefined): Map<string, Value> | null {
  if (v?.t === 'dict') return v.v;
  const o = v?.t === 'ref' ? object(buf, v) : null;
  return o?.value.t === 'dict' && !o.data ? o.value.v : null;
}

const name = (v: Value | undefined) => (v?.t === 'name' ? v.v : null);
const num = (v: Value | undefined) => (v?.t === 'num' ? v.v : null);

/** A content stream's bytes, inflated when it is flate-coded (nothing else is taken). */
function contentBytes(o: Obj): Buffer | null {
  if (!o.data || o.value.t !== 'dict') return null;
  const filter = o.value.v.get('Filter');
  if (filter === undefined) return o.data;
  const f = filter.t === 'array' && filter.v.length === 1 ? filter.v[0] : filter;
  if (name(f) !== '/FlateDecode' || o.value.v.has('DecodeParms')) return null;
  try {
    // a page that only draws an image says so in a few dozen bytes
    return inflateSync(o.data, { maxOutputLength: 4096 });
  } catch {
    return null;
  }
}

type Matrix = [number, number, number, number, number, number];
const times = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

/**
 * The one XObject a content stream draws and the matrix it is drawn with, when the stream does
 * nothing but q, Q, cm and that one Do.
 */
function onlyDraw(content: Buffer): { name: string; ctm: Matrix; cms: Matrix[] } | null {
  const r = new Reader(content, 0);
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  let cms: Matrix[] = [];
  const saved: [Matrix, Matrix[]][] = [];
  const operands: Value[] = [];
  let drawn: { name: string; ctm: Matrix; cms: Matrix[] } | null = null;
  for (;;) {
    r.skip();
    if (r.pos >= content.length) break;
    const at = r.pos;
    const tok = r.token();
    if (/^[a-zA-Z'"*]+$/.test(tok)) {
      if (tok === 'q' && operands.length === 0) saved.push([ctm, cms]);
      else if (tok === 'Q' && operands.length === 0) {
        const m = saved.pop();
        if (!m) return null;
        [ctm, cms] = m;
      } else if (tok === 'cm' && operands.length === 6 && operands.every((o) => o.t === 'num')) {
        const m = operands.map((o) => (o as { v: number }).v) as Matrix;
        ctm = times(m, ctm);
        cms = [...cms, m];
      } else if (tok === 'Do' && operands.length === 1 && operands[0]!.t === 'name' && !drawn) {
        drawn = { name: operands[0]!.v, ctm, cms };
      } else return null;
      operands.length = 0;
      continue;
    }
    r.pos = at;
    const v = r.value();
    if (!v || (v.t !== 'num' && v.t !== 'name')) return null;
    operands.push(v);
  }
  return operands.length === 0 ? drawn : null;
}

/** The image drawn over exactly `box`, upright: its unit square mapped to the box's corners. */
function coversBox(m: Matrix, box: PageBox): boolean {
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = box;
  const near = (a: number, b: number) => Math.abs(a - b) <= 0.5;
  return (
    near(m[0], x1 - x0) &&
    near(m[1], 0) &&
    near(m[2], 0) &&
    near(m[3], y1 - y0) &&
    near(m[4], x0) &&
    near(m[5], y0)
  );
}

/**
 * The page's JPEG when the page is one JPEG drawn over its whole box and nothing else (see the top
 * of this file), or null.
 * `page` is the page object's reference (pdf.js's page.ref), `box` its view (page.view).
 */
export function pageJpeg(pdf: Uint8Array, page: { num: number; gen: number }, box: PageBox): PageJpeg | null {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  if (buf.indexOf('/ObjStm', 0, 'latin1') >= 0 || buf.indexOf('/Encrypt', 0, 'latin1') >= 0) return null;
  const pageDict = dictOf(buf, { t: 'ref', ...page });
  if (!pageDict || name(pageDict.get('Type')) !== '/Page') return null;
  const unit = pageDict.get('UserUnit');
  if (unit !== undefined && num(unit) !== 1) return null;
  const resources = dictOf(buf, pageDict.get('Resources'));
  const xobjects = resources && dictOf(buf, resources.get('XObject'));
  if (!xobjects || xobjects.size !== 1) return null;
  const contents = object(buf, pageDict.get('Contents'));
  const content = contents && contentBytes(contents);
  const draw = content && onlyDraw(content);
  if (!draw || !xobjects.has(draw.name.slice(1)) || !coversBox(draw.ctm, box)) return null;
  const image = object(buf, xobjects.get(draw.name.slice(1)));
  if (!image?.data || image.value.t !== 'dict') return null;
  const d = image.value.v;
  const filter = d.get('Filter');
  const f = filter?.t === 'array' && filter.v.length === 1 ? filter.v[0] : filter;
  const width = num(d.get('Width'));
  const height = num(d.get('Height'));
  const space = name(d.get('ColorSpace'));
  if (
    name(d.get('Subtype')) !== '/Image' ||
    name(f) !== '/DCTDecode' ||
    num(d.get('BitsPerComponent')) !== 8 ||
    (space !== '/DeviceGray' && space !== '/DeviceRGB') ||
    ['SMask', 'Mask', 'ImageMask', 'Decode', 'DecodeParms'].some((k) => d.has(k)) ||
    !width ||
    !height
  )
    return null;
  // a JPEG starts with its SOI marker
  if (image.data[0] !== 0xff || image.data[1] !== 0xd8) return null;
  return { data: image.data, width, height, cms: draw.cms };
}
