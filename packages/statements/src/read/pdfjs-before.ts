// Evaluated right before pdf.js, and undone right after it (pdfjs.ts imports this module first and
// calls restoreGlobals() in its own body; none of the three awaits at the top level, so nothing
// else runs in between). Issue 19: two things pdf.js does as it loads cost a short statement more
// than reading it, and neither is needed to read text:
//   - it requires @napi-rs/canvas (a native addon) to set DOMMatrix and Path2D, which only drawing
//     a page uses: it gets constructors here that load the addon on first use (OCR'd pages);
//   - it looks at the global Response (whether Response.prototype.bytes exists, which it does in
//     the Node versions we run), and that one look makes Node load its fetch implementation.
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
const realResponse = Object.getOwnPropertyDescriptor(globalThis, 'Response');

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

// pdf.js only reads Response.prototype.bytes (to polyfill it when missing).
Object.defineProperty(globalThis, 'Response', {
  configurable: true,
  writable: true,
  value: { prototype: { bytes: () => {} } },
});

/** Put back what was changed for pdf.js's loading. */
export function restoreGlobals(): void {
  process.getBuiltinModule = realGetBuiltinModule;
  if (realResponse) Object.defineProperty(globalThis, 'Response', realResponse);
  else delete (globalThis as { Response?: unknown }).Response;
}
