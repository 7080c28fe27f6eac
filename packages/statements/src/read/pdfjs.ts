// pdf.js as this package uses it: loaded without its drawing dependencies (pdfjs-load.ts), and one
// in-thread "worker" per thread whose messages are not copied.
//
// In Node, pdf.js runs its worker half in the same thread ("fake worker") and sends every message
// between the two halves through structuredClone: every page's text content is built, then deep-
// copied (issue 19: ~7% of reading a text PDF). Here the two halves talk through DirectPort, which
// hands a page's text items over as they are. That is safe because the worker half, once it has
// sent a chunk, gives its text object new `items` and `styles` (it reassigns them, never empties
// the old ones), so only the two small enclosing objects are copied; nothing on this side changes
// the items. Every other message is still cloned, transfer lists honoured, exactly as pdf.js's own
// LoopbackPort does: operator lists, for one, are emptied in place by the worker right after
// sending. The stream's flow-control messages (~100 a page: "send more", "sent") hold only names
// and numbers, and are copied shallowly. The worker is made once per thread and serves every
// document after it.
import { loadPdfjs } from './pdfjs-load.ts';

// The minified build is the same code as pdf.mjs; half the source to read, and ~0.05 s of CPU less
// to load (issue 19: measured on a 2-core machine, best of 6). Its declarations are pdf.mjs's.
const loaded = loadPdfjs();
const pdfjs = loaded.display as unknown as typeof import('pdfjs-dist/legacy/build/pdf.mjs');
const WorkerMessageHandler = loaded.worker.WorkerMessageHandler;

export const { getDocument, OPS, PasswordException, PasswordResponses, PDFWorker } = pdfjs;

/** pdf.js's StreamKind.ENQUEUE: a chunk of a stream (a page's text comes as such chunks). */
const STREAM_ENQUEUE = 4;
/**
 * pdf.js's StreamKind CANCEL_COMPLETE, CLOSE, PULL, PULL_COMPLETE and START_COMPLETE: messages of
 * names, ids, a size and a flag (ERROR, CANCEL and a failed pull carry a reason and are cloned).
 */
const STREAM_CONTROL = new Set([2, 3, 6, 7, 8]);

interface StreamMessage {
  stream?: number;
  chunk?: { items?: unknown; styles?: unknown };
  [key: string]: unknown;
}

/** A chunk of a page's text content (getTextContent), the one message whose items are not copied. */
function isTextChunk(m: StreamMessage): boolean {
  return (
    m.stream === STREAM_ENQUEUE &&
    typeof m.chunk === 'object' &&
    m.chunk !== null &&
    Array.isArray(m.chunk.items) &&
    typeof m.chunk.styles === 'object'
  );
}

/** What the other half receives: a copy as deep as the message needs (see the top of this file). */
function delivered(data: unknown, transfer: PortTransfer[] | undefined): unknown {
  const m = data as StreamMessage | null;
  if (m !== null && typeof m === 'object' && !transfer?.length) {
    if (isTextChunk(m)) return { ...m, chunk: { ...m.chunk } };
    if (typeof m.stream === 'number' && STREAM_CONTROL.has(m.stream) && !('reason' in m)) return { ...m };
  }
  return structuredClone(data, transfer ? { transfer } : undefined);
}

/** What postMessage may move rather than copy (ArrayBuffers, for pdf.js). */
type PortTransfer = NonNullable<NonNullable<Parameters<typeof structuredClone>[1]>['transfer']>[number];

type Listener = (this: DirectPort, event: { data: unknown }) => void;

/** The two halves' shared port, as pdf.js's LoopbackPort but without copying text chunks. */
class DirectPort {
  readonly #listeners = new Map<Listener, (() => void) | null>();

  postMessage(data: unknown, transfer?: PortTransfer[]): void {
    const event = { data: delivered(data, transfer) };
    queueMicrotask(() => {
      for (const [listener] of this.#listeners) listener.call(this, event);
    });
  }

  addEventListener(_type: string, listener: Listener, options?: { signal?: AbortSignal }): void {
    const signal = options?.signal;
    if (signal?.aborted) return;
    let unhook: (() => void) | null = null;
    if (signal) {
      const onAbort = () => this.removeEventListener(_type, listener);
      signal.addEventListener('abort', onAbort);
      unhook = () => signal.removeEventListener('abort', onAbort);
    }
    this.#listeners.set(listener, unhook);
  }

  removeEventListener(_type: string, listener: Listener): void {
    this.#listeners.get(listener)?.();
    this.#listeners.delete(listener);
  }

  terminate(): void {
    for (const [, unhook] of this.#listeners) unhook?.();
    this.#listeners.clear();
  }
}

let worker: InstanceType<typeof PDFWorker> | null = null;

/** This thread's pdf.js worker, made on first use; pass it to getDocument as `worker`. */
export function pdfWorker(): InstanceType<typeof PDFWorker> {
  if (!worker || worker.destroyed) {
    const port = new DirectPort();
    (WorkerMessageHandler as { initializeFromPort(p: DirectPort): void }).initializeFromPort(port);
    type PortOption = NonNullable<ConstructorParameters<typeof PDFWorker>[0]>['port'];
    worker = new PDFWorker({ port: port as unknown as PortOption, verbosity: 0 });
  }
  return worker;
}
