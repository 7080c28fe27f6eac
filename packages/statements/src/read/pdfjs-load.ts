// pdf.js's two halves (its minified legacy builds), loaded as this package reads with them.
//
// Issue 19: a 1-page statement read by the command line is mostly pdf.js starting. Loaded as ES
// modules, Node's compile cache keeps only the code V8 compiles before a module runs (its top
// level); every function a read calls was compiled again, lazily, on every start (~0.04-0.06 s of
// a 1-page `bahi parse`). So each build is run as a script (its `export` list turned into a
// returned object, `import.meta.url` into a parameter: the builds use nothing else of module
// syntax), and V8's code cache is taken from it after the first document has been read: then it
// holds every function that read compiled. It is kept beside Node's compile cache (only when that
// is on) with the edited source it was made from, so a start neither edits nor decodes the build
// (see runBuild); V8 refuses code made by another V8 or with other flags (then it is made again).
//
// As it loads, pdf.js requires @napi-rs/canvas (a native addon) to set DOMMatrix and Path2D, which
// only drawing a page uses, and that cost a short statement more than reading it: pdf.js gets
// constructors here that load the addon on first use (OCR'd pages).
//
// pdf.js also polyfills Response.prototype.bytes as it loads, and merely reading the global
// `Response` makes Node load its fetch implementation (undici, with http, tls, crypto and http2:
// ~0.05 s of CPU on a quiet 2-core machine, twice that on a busy one). Response is a lazy global:
// reading its descriptor, redefining it or deleting and restoring it cannot hide it (Node 24.21:
// process.moduleLoadList holds internal/deps/undici/undici after any of them). So pdf.js's source
// is edited before it runs: see SOURCE_EDITS.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire, getCompileCacheDir } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';

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

/** process.getBuiltinModule while pdf.js runs its top level: its `module` has the stand-in. */
const withCanvasStandIn = ((id: string) => {
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
 * Statements of pdf.js changed before it runs (the code cache above is of the edited source). Each leaves what the reader reads unchanged (word boxes add where words sit): if a new pdf.js no longer has the text, the edit
 * is skipped and only the start is slower (test/read/pdfjs-load.test.ts then fails). An edit's
 * replacements apply together or not at all: half an edit could break the build.
 */
const SOURCE_EDITS: { files: string[]; replace: [from: string, to: string][] }[] = [
  // Node has had Response.prototype.bytes since 22.3 (package.json: node >= 24.12), so this
  // polyfill never applies; testing for it loads undici.
  {
    files: ['pdf.min.mjs', 'pdf.worker.min.mjs'],
    replace: [['"function"!=typeof Response.prototype.bytes&&', 'false&&']],
  },
  // The text layout asks for the text's transform twice per glyph (getCurrentTextTransform: `_`
  // is its textState, `t` the text space matrix), each time two Util.transform calls whose
  // arguments mix a Float32Array (the CTM) with plain arrays; the intermediate array and those
  // loads were ~20 % of reading a text page (issue 19: 56 pages, profiled). Here the same products
  // and sums in the same order, written out: the same numbers (test/read/text-positions.test.ts).
  {
    files: ['pdf.worker.min.mjs'],
    replace: [
      [
        'return Util.transform(_.ctm,Util.transform(_.textMatrix,t))',
        [
          'const tm=_.textMatrix,ctm=_.ctm;',
          'const m0=tm[0]*t[0]+tm[2]*t[1],m1=tm[1]*t[0]+tm[3]*t[1],m2=tm[0]*t[2]+tm[2]*t[3],',
          'm3=tm[1]*t[2]+tm[3]*t[3],m4=tm[0]*t[4]+tm[2]*t[5]+tm[4],m5=tm[1]*t[4]+tm[3]*t[5]+tm[5];',
          'return[ctm[0]*m0+ctm[2]*m1,ctm[1]*m0+ctm[3]*m1,ctm[0]*m2+ctm[2]*m3,ctm[1]*m2+ctm[3]*m3,',
          'ctm[0]*m4+ctm[2]*m5+ctm[4],ctm[1]*m4+ctm[3]*m5+ctm[5]]',
        ].join(''),
      ],
    ],
  },
  // Every `q` and every change of font clones the text state, and pdf.js made each clone inherit
  // from the state it copies (Object.create(this)): V8 then turns that state into a prototype, a
  // new shape each time, and every read of a text state's fields goes megamorphic. The clone
  // already copies all of the state's own fields (each one a class field, set from the start),
  // so it reads the same from a TextState.prototype object (~4-10 % of reading, 56 pages, CPU).
  {
    files: ['pdf.worker.min.mjs'],
    replace: [
      [
        'clone(){const e=Object.assign(Object.create(this),this);e.textMatrix=',
        'clone(){const e=Object.assign(Object.create(TextState.prototype),this);e.textMatrix=',
      ],
    ],
  },
  // A page's text comes to the reader as a stream of chunks: the worker half sends what it has
  // whenever ten items wait at a change of font, and stops for the reader once a hundred are
  // unread. A statement sets its font before nearly every cell, so a page went over as ~50 chunks
  // and ~270 messages, each a round of promises on both sides, only for getTextContent to join
  // them again. Here the page's items go over as one chunk at the page's end (and at a form
  // XObject's edge, as before): the same items, in the same order.
  {
    files: ['pdf.worker.min.mjs'],
    replace: [
      ['if(0!==t&&!(e&&t<10)){s.enqueue(w,t);', 'if(0!==t&&!e){s.enqueue(w,t);'],
      ['if(w.items.length>=s.desiredSize){m=!0;break}}if(m)next(Nc);', '}if(m)next(Nc);'],
    ],
  },
  // Each change of font in a page's text waits for the font to load, even when the page has loaded
  // it already: a round of promises that also ends the worker's pass over the content. A
  // statement that sets its font again for every word (a `q`/`Q` around each one) took one such
  // round per word. Here a font this page's text has loaded by name is set at once: loadFont gives
  // the same font for the same name and resources (its cache), so the text is the same.
  {
    files: ['pdf.worker.min.mjs'],
    replace: [
      [
        'async function handleSetFont(e,a){const r=await q.loadFont(e,a,n,t,null,null,d);',
        'const loadedFonts=new Map;async function handleSetFont(e,a){const r=await q.loadFont(e,a,n,t,null,null,d);if(null===a)loadedFonts.set(e,r);',
      ],
      [
        '_.fontName=e;_.fontSize=h;next(handleSetFont(e,null));return;',
        '_.fontName=e;_.fontSize=h;{const r=loadedFonts.get(e);if(r){_.loadedName=r.loadedName;_.font=r.font;_.fontMatrix=r.font.fontMatrix||pn;break}}next(handleSetFont(e,null));return;',
      ],
    ],
  },
  // Word boxes. pdf.js joins glyphs up to 0.6 em apart into one text item, writing the gap as a
  // space: a word space and the narrow gutter between two table cells then look the same, and the
  // reader could only guess where each word inside the item sat. Here an item ends at every gap
  // pdf.js would have filled with a space (a space needs 0.102 em), so each word comes with its
  // own place; read/pdf.ts joins them again as the stock build did and keeps each word's edges.
  {
    files: ['pdf.worker.min.mjs'],
    replace: [['j.spaceInFlowMax=.6*s;', 'j.spaceInFlowMax=.102*s;']],
  },
  // core-js (the legacy builds' polyfills) tests the URL class by parsing 'https://тест', whose
  // host makes Node decompress its IDNA tables: ~3 % of a 1-page `bahi parse` (callgrind), for a
  // test Node's URL always passes (WHATWG URL, with IDNA, since Node 18). The other tests stay.
  {
    files: ['pdf.min.mjs', 'pdf.worker.min.mjs'],
    replace: [['"xn--e1aybc"!==new URL("https://тест").host||', '']],
  },
  // The worker builds its Brotli decoder, and unpacks that decoder's 120 KB dictionary from a
  // string, as it loads (~1-2 % of a 1-page read), for the BrotliDecode filter (PDF 2.0) that
  // statements do not use. Built on its first call instead.
  {
    files: ['pdf.worker.min.mjs'],
    replace: [
      ['let Zs=(()=>{', 'let Zs=(...a)=>(Zs=(()=>{'],
      ['return s}})();class BrotliStream', 'return s}})())(...a);class BrotliStream'],
    ],
  },
];

/** Edits whose text the pdf.js being loaded lacks (skipped): none, unless pdf.js changed (tests). */
export const sourceEditsMissed: string[] = [];

type Build = 'pdf.min.mjs' | 'pdf.worker.min.mjs';

/**
 * `bytes` with `from` replaced by `to`, the first time or every time; null if it is not there. On
 * bytes, not strings: a 1.3 MB build with non-ASCII in it is a two-byte string, whose searches and
 * copies cost ~0.02 s more each start.
 */
function replaceBytes(bytes: Buffer, from: string, to: string, every: boolean): Buffer | null {
  const parts: Buffer[] = [];
  const replacement = Buffer.from(to);
  let at = 0;
  for (let i = bytes.indexOf(from); i >= 0; i = every ? bytes.indexOf(from, at) : -1) {
    parts.push(bytes.subarray(at, i), replacement);
    at = i + Buffer.byteLength(from);
  }
  if (!parts.length) return null;
  parts.push(bytes.subarray(at));
  return Buffer.concat(parts);
}

/** A build as a script: its source up to `export{...}`, a function returning what it exported. */
function asScript(bytes: Buffer, build: Build): string {
  const at = bytes.lastIndexOf('export{');
  const list = at < 0 ? null : /^export\{([\w$, ]+)\};?\s*$/.exec(bytes.subarray(at).toString('latin1'));
  if (!list) throw new Error(`pdf.js: ${build} does not end in an export list`);
  const exported = list[1]!.split(',').map((entry) => {
    const [local, name = local] = entry.trim().split(/\s+as\s+/);
    return `${JSON.stringify(name)}:${local}`;
  });
  const body = bytes.subarray(0, at);
  return Buffer.concat([
    Buffer.from("(function(__pdfjsUrl){'use strict';"),
    replaceBytes(body, 'import.meta.url', '__pdfjsUrl', true) ?? body,
    Buffer.from(`\nreturn{${exported.join(',')}}})`),
  ]).toString('utf8');
}

interface Loaded {
  script: vm.Script;
  /** where its code cache is kept; null when there is none to write (found, or no cache dir) */
  writeTo: string | null;
}
const loaded: Loaded[] = [];

/** The builds whose code came from the cache in this thread (tests). */
export const codeCacheUsed: Build[] = [];

/** The build's source with the edits made, as a script (the first start after an install). */
function makeSource(build: Build, file: string, edits: typeof SOURCE_EDITS): string {
  let source: Buffer = readFileSync(file);
  for (const { replace } of edits) {
    let edited: Buffer | null = source;
    for (const [from, to] of replace) edited = edited && replaceBytes(edited, from, to, false);
    if (edited) source = edited;
    else sourceEditsMissed.push(replace[0]![0]);
  }
  const script = asScript(source, build);
  // The builds' few non-ASCII characters (in strings: 'þÿ', 'б', a no-break space) make the
  // whole source a two-byte string; as \u escapes it is one byte a character, and read back from
  // the cache without decoding (~5 ms a start). Not where a backslash stands before one.
  return /\\[\u0080-\uffff]/.test(script)
    ? script
    : script.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `data` written whole to `file` (temp file, rename) or not at all: a cache is only a speed-up. */
function keep(file: string, data: string | Uint8Array): void {
  const { threadId } = realGetBuiltinModule('node:worker_threads');
  const tmp = `${file}.${process.pid}-${threadId}`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch {
    // read-only or full disk
  }
}

function readOrNull(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

function runBuild(build: Build): Record<string, unknown> {
  const url = import.meta.resolve(`pdfjs-dist/legacy/build/${build}`);
  const file = fileURLToPath(url);
  const edits = SOURCE_EDITS.filter((e) => e.files.includes(build));
  // Kept beside Node's compile cache: the edited script (`.js`) and V8's code of it, named by the
  // build's file and what is done to it. The file is known by its size, inode and change time,
  // which every write or reinstall renews (V8 itself checks only the source's length; a CRC of
  // the 3.3 MB was ~1 % of a 1-page `bahi parse`).
  const dir = getCompileCacheDir();
  const { size, ino, ctimeMs } = statSync(file);
  const done = crc32(JSON.stringify(edits) + asScript.toString() + makeSource.toString()).toString(16);
  const cacheFile = dir
    ? path.join(dir, 'bahi-pdfjs', `${build}-${size}-${ino}-${Math.round(ctimeMs)}-${done}`)
    : null;
  const keptSource = cacheFile ? readOrNull(`${cacheFile}.js`) : null;
  const cachedData = (keptSource && cacheFile && readOrNull(cacheFile)) || undefined;
  const compile = (source: string, code: Buffer | undefined) =>
    new vm.Script(source, {
      filename: file,
      cachedData: code,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
  let script: vm.Script | null = null;
  let found = false;
  if (keptSource) {
    try {
      script = compile(keptSource.toString('utf8'), cachedData);
      found = cachedData !== undefined && !script.cachedDataRejected;
    } catch {
      // a kept source that does not compile: made again below
    }
  }
  if (!script) {
    const source = makeSource(build, file, edits);
    if (cacheFile) keep(`${cacheFile}.js`, source);
    script = compile(source, undefined);
  }
  if (found) codeCacheUsed.push(build);
  loaded.push({ script, writeTo: found ? null : cacheFile });
  return (script.runInThisContext() as (url: string) => Record<string, unknown>)(url);
}

/** pdf.js's display half and its worker half, loaded with the edits and stand-ins above. */
export function loadPdfjs(): { display: Record<string, unknown>; worker: Record<string, unknown> } {
  process.getBuiltinModule = withCanvasStandIn;
  try {
    const display = runBuild('pdf.min.mjs');
    return { display, worker: runBuild('pdf.worker.min.mjs') };
  } finally {
    process.getBuiltinModule = realGetBuiltinModule;
  }
}

/**
 * Keep V8's code of pdf.js for the next start, once a document has been read in this thread (the
 * first time only, and only where no usable cache was found). A cache that cannot be written is
 * no loss but speed: the next start compiles as this one did.
 */
export function keepPdfjsCode(): void {
  for (const build of loaded.splice(0))
    if (build.writeTo) keep(build.writeTo, build.script.createCachedData());
}
