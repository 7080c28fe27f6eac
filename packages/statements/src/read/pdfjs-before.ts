// Evaluated right before pdf.js is loaded, and undone right after it (pdfjs.ts imports this module
// first, then imports pdf.js and calls restoreGlobals()). Issue 19: as it loads, pdf.js requires
// @napi-rs/canvas (a native addon) to set DOMMatrix and Path2D, which only drawing a page uses, and
// that cost a short statement more than reading it: pdf.js gets constructors here that load the
// addon on first use (OCR'd pages).
//
// pdf.js also polyfills Response.prototype.bytes as it loads, and merely reading the global
// `Response` makes Node load its fetch implementation (undici, with http, tls, crypto and http2:
// ~0.05 s of CPU on a quiet 2-core machine, twice that on a busy one). Response is a lazy global:
// reading its descriptor, redefining it or deleting and restoring it cannot hide it (Node 24.21:
// process.moduleLoadList holds internal/deps/undici/undici after any of them). So pdf.js's source
// is edited as it loads (a module load hook, removed again by restoreGlobals): see SOURCE_EDITS.
import { createRequire, registerHooks } from 'node:module';

type CanvasModule = typeof import('@napi-rs/canvas');

const requireHere = createRequire(import.meta.url);
let canvasModule: CanvasModule | null = null;
const canvas = (): CanvasModule => (canvasModule ??= requireHere('@napi-rs/canvas') as CanvasModule);

/** A constructor whose `new` returns an instance of the real class, loaded on the first call. */
function lazyClass(name: 'DOMMatrix' | 'Path2D'): unknown {
  return function LazyCanvasClass(...args: unknown[]) {
    const Real = canvas()[name] as unknown as new (...a: unknown[]) => object;
    return new Real(...args);
  };
}

/** What pdf.js gets for `require('@napi-rs/canvas')` while it loads. */
const canvasStandIn = { DOMMatrix: lazyClass('DOMMatrix'), Path2D: lazyClass('Path2D') };

const realGetBuiltinModule = process.getBuiltinModule;

process.getBuiltinModule = ((id: string) => {
  const mod = realGetBuiltinModule(id);
  if (id !== 'module' && id !== 'node:module') return mod;
  const real = mod as typeof import('node:module');
  return {
    ...real,
    createRequire(from: string | URL) {
      const req = real.createRequire(from);
      return Object.assign((spec: string) => (spec === '@napi-rs/canvas' ? canvasStandIn : req(spec)), req);
    },
  };
}) as typeof process.getBuiltinModule;

/**
 * Statements of pdf.js changed as it loads (Node's compile cache keeps the edited source's compiled
 * code). Each leaves what pdf.js does unchanged: if a new pdf.js no longer has the text, the edit
 * is skipped and only the start is slower (test/read/pdfjs-load.test.ts then fails).
 */
const SOURCE_EDITS: { files: string[]; from: string; to: string }[] = [
  // Node has had Response.prototype.bytes since 22.3 (package.json: node >= 24.12), so this
  // polyfill never applies; testing for it loads undici.
  {
    files: ['pdf.min.mjs', 'pdf.worker.min.mjs'],
    from: '"function"!=typeof Response.prototype.bytes&&',
    to: 'false&&',
  },
  // The text layout asks for the text's transform twice per glyph (getCurrentTextTransform: `_`
  // is its textState, `t` the text space matrix), each time two Util.transform calls whose
  // arguments mix a Float32Array (the CTM) with plain arrays; the intermediate array and those
  // loads were ~20 % of reading a text page (issue 19: 56 pages, profiled). Here the same products
  // and sums in the same order, written out: the same numbers (test/read/text-positions.test.ts).
  {
    files: ['pdf.worker.min.mjs'],
    from: 'return Util.transform(_.ctm,Util.transform(_.textMatrix,t))',
    to: [
      'const tm=_.textMatrix,ctm=_.ctm;',
      'const m0=tm[0]*t[0]+tm[2]*t[1],m1=tm[1]*t[0]+tm[3]*t[1],m2=tm[0]*t[2]+tm[2]*t[3],',
      'm3=tm[1]*t[2]+tm[3]*t[3],m4=tm[0]*t[4]+tm[2]*t[5]+tm[4],m5=tm[1]*t[4]+tm[3]*t[5]+tm[5];',
      'return[ctm[0]*m0+ctm[2]*m1,ctm[1]*m0+ctm[3]*m1,ctm[0]*m2+ctm[2]*m3,ctm[1]*m2+ctm[3]*m3,',
      'ctm[0]*m4+ctm[2]*m5+ctm[4],ctm[1]*m4+ctm[3]*m5+ctm[5]]',
    ].join(''),
  },
  // Every `q` and every change of font clones the text state, and pdf.js made each clone inherit
  // from the state it copies (Object.create(this)): V8 then turns that state into a prototype, a
  // new shape each time, and every read of a text state's fields goes megamorphic. The clone
  // already copies all of the state's own fields (each one a class field, set from the start),
  // so it reads the same from a TextState.prototype object (~4-10 % of reading, 56 pages, CPU).
  {
    files: ['pdf.worker.min.mjs'],
    from: 'clone(){const e=Object.assign(Object.create(this),this);e.textMatrix=',
    to: 'clone(){const e=Object.assign(Object.create(TextState.prototype),this);e.textMatrix=',
  },
];

const editsByUrl = new Map<string, typeof SOURCE_EDITS>();
for (const edit of SOURCE_EDITS) {
  for (const file of edit.files) {
    const url = import.meta.resolve(`pdfjs-dist/legacy/build/${file}`);
    editsByUrl.set(url, [...(editsByUrl.get(url) ?? []), edit]);
  }
}

/** Edits whose text the pdf.js being loaded lacks (skipped): none, unless pdf.js changed (tests). */
export const sourceEditsMissed: string[] = [];

const sourceHooks = registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    const edits = editsByUrl.get(url);
    if (!edits || loaded.source === undefined) return loaded;
    let source = typeof loaded.source === 'string' ? loaded.source : new TextDecoder().decode(loaded.source);
    for (const { from, to } of edits) {
      if (source.includes(from)) source = source.replace(from, () => to);
      else sourceEditsMissed.push(from);
    }
    return { ...loaded, source };
  },
});

/** Put back what was changed for pdf.js's loading. */
export function restoreGlobals(): void {
  process.getBuiltinModule = realGetBuiltinModule;
  sourceHooks.deregister();
}
