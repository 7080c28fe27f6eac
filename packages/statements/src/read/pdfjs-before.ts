// Evaluated right before pdf.js, and undone right after it (pdfjs.ts imports this module first and
// calls restoreGlobals() in its own body; none of the three awaits at the top level, so nothing
// else runs in between). Issue 19: as it loads, pdf.js requires @napi-rs/canvas (a native addon)
// to set DOMMatrix and Path2D, which only drawing a page uses, and that cost a short statement
// more than reading it: pdf.js gets constructors here that load the addon on first use (OCR'd pages).
//
// pdf.js also reads Response.prototype.bytes as it loads, which makes Node load its fetch
// implementation (undici: 110-150 ms of CPU on a busy 2-core machine). That cannot be hidden from
// it: Response is a lazy global, and reading its descriptor or redefining it loads undici just the
// same (Node 24.21: process.moduleLoadList holds internal/deps/undici/undici after either), so it
// is left alone.
import { createRequire } from 'node:module';

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

/** Put back what was changed for pdf.js's loading. */
export function restoreGlobals(): void {
  process.getBuiltinModule = realGetBuiltinModule;
}
