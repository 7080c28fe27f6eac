// Entry point of a pool worker thread. One job at a time; the pool enforces time and memory limits
// from outside (it terminates this thread), so nothing here needs to defend against a hostile file.
import { parentPort } from 'node:worker_threads';
import { StatementError, errorKind } from '../errors.ts';
import type { PdfPart } from '../read/pdf.ts';
import { closeOcr } from '../read/ocr.ts';
import { runJob, type Job } from './job.ts';
import { packPart, partTransfer, transferable, unpackPart, type PackedPart } from './part.ts';

type ErrorData = ReturnType<StatementError['toJSON']>;

export type ToWorker =
  | { id: number; job: Job }
  | { id: number; close: true }
  /** the answer to this job's 'share': the helper's pages, null when no thread was free */
  | { id: number; part: PackedPart | null }
  /** the helper thread failed from outside (memory, crash, time): its pages are lost */
  | { id: number; partError: ErrorData };

export type FromWorker =
  | { id: number; type: 'pages'; pages: number }
  /** offer the rest of this job's PDF to another thread; the bytes are handed over */
  | { id: number; type: 'share'; pageCount: number; counter: Int32Array; bytes: Uint8Array }
  | { id: number; type: 'done'; value: unknown }
  | { id: number; type: 'error'; error: ErrorData };

function frames(err: unknown): string {
  const stack = err instanceof Error && typeof err.stack === 'string' ? err.stack : '';
  return stack
    .split('\n')
    .filter((l) => l.trimStart().startsWith('at '))
    .slice(0, 3)
    .map((l) => l.trim())
    .join(' ');
}

const port = parentPort;
if (!port) throw new Error('thread.ts runs only as a worker thread');

/** This thread's jobs waiting for a helper's pages. */
const waitingParts = new Map<
  number,
  { resolve: (p: PdfPart | null) => void; reject: (e: StatementError) => void }
>();

// pdf.js leaves some internal promises of a damaged document rejected with no handler (e.g. an
// XRefEntryException after the loading task was destroyed). By default that would kill this thread
// and fail whichever job runs next. Such a rejection never carries a job's result: the job itself
// has already settled, or, if it ever waited on one, the pool's time limit ends it.
process.on('unhandledRejection', () => {});
port.on('message', async (msg: ToWorker) => {
  if ('close' in msg) {
    await closeOcr().catch(() => {});
    port.postMessage({ id: msg.id, type: 'done', value: null } satisfies FromWorker);
    return;
  }
  if ('part' in msg || 'partError' in msg) {
    const waiting = waitingParts.get(msg.id);
    waitingParts.delete(msg.id);
    if ('part' in msg) waiting?.resolve(msg.part && unpackPart(msg.part));
    else waiting?.reject(StatementError.fromJSON(msg.partError));
    return;
  }
  const { id, job } = msg;
  try {
    const value = await runJob(job, {
      onPageCount: (pages) => port.postMessage({ id, type: 'pages', pages } satisfies FromWorker),
      share: (pageCount, counter) => {
        // The reader has its own copy of the bytes by now: hand these over, uncopied.
        const { bytes } = job;
        port.postMessage(
          { id, type: 'share', pageCount, counter, bytes } satisfies FromWorker,
          transferable(bytes),
        );
        return new Promise((resolve, reject) => waitingParts.set(id, { resolve, reject }));
      },
    });
    if (job.op === 'readPart') {
      const packed = packPart(value as PdfPart);
      port.postMessage({ id, type: 'done', value: packed } satisfies FromWorker, partTransfer(packed));
    } else {
      port.postMessage({ id, type: 'done', value } satisfies FromWorker);
    }
  } catch (err) {
    waitingParts.delete(id);
    const e =
      err instanceof StatementError
        ? err
        : new StatementError('INTERNAL', {
            // The class and the code location, never the message: it may quote the file.
            logMessage: `worker: unexpected ${errorKind(err)} ${frames(err)}`,
          });
    port.postMessage({ id, type: 'error', error: e.toJSON() } satisfies FromWorker);
  }
});
