// Entry point of a pool worker thread. One job at a time; the pool enforces time and memory limits
// from outside (it terminates this thread), so nothing here needs to defend against a hostile file.
import { parentPort } from 'node:worker_threads';
import { StatementError, errorKind } from '../errors.ts';
import { closeOcr } from '../read/ocr.ts';
import { runJob, type Job } from './job.ts';

export type ToWorker = { id: number; job: Job } | { id: number; close: true };
export type FromWorker =
  | { id: number; type: 'pages'; pages: number }
  | { id: number; type: 'done'; value: unknown }
  | {
      id: number;
      type: 'error';
      error: { code: StatementError['code']; userMessage: string; logMessage: string };
    };

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
  const { id, job } = msg;
  try {
    const value = await runJob(job, (pages) =>
      port.postMessage({ id, type: 'pages', pages } satisfies FromWorker),
    );
    port.postMessage({ id, type: 'done', value } satisfies FromWorker);
  } catch (err) {
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
