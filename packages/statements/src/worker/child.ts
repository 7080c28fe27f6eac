// Entry point of a reader process (src/worker/pool.ts starts it under a hard memory limit). One
// job at a time; the pool enforces time and memory from outside (it kills this process), so
// nothing here needs to defend against a hostile file.
//
// A long PDF is read by several reader processes at once: the job's reader ('owner') offers its
// pages to the pool ('share'); pages are then claimed from a counter the pool keeps, one claim
// message per page (the next claim is asked for while a page is read, so the round trip is
// hidden). A helper reader sends its pages on in small batches as it reads them, so its memory
// stays flat whatever the length of the file; the pool passes them to the owner, which parses.
import { enableCompileCache } from 'node:module';
import { cleanText, cleanValues } from '@bahi/core';
import { StatementError, errorKind } from '../errors.ts';
import type { PageClaims, PdfPart } from '../read/pdf.ts';
import type { Page } from '../source.ts';
import type { Job, JobOutput } from './job.ts';
import { packPart, unpackPart, type PackedPart } from './part.ts';
import { packAnswer, type PackedRows } from './rows-wire.ts';

type ErrorData = ReturnType<StatementError['toJSON']>;

/** What a helper hands back at its end (its pages went ahead in batches). */
export interface PartEnd {
  failure: PackedPart['failure'];
}

export type ToChild =
  /** a job; its file's `bytes` bytes follow on stdin (job.bytes is empty) */
  | { id: number; job: Job; bytes: number }
  /** the answer to this job's 'share': true when a helper reads with it (claims go to the pool) */
  | { id: number; shared: boolean }
  /** the answer to a 'claim': the page to read, null when none is left */
  | { id: number; claim: number | null }
  /** a batch of pages a helper read for this job */
  | { id: number; partPages: PackedPart }
  /** the helper finished (null: it read nothing) */
  | { id: number; partEnd: PartEnd | null }
  /** the helper failed from outside (memory, crash, time): its pages are lost */
  | { id: number; partError: ErrorData };

export type FromChild =
  | { type: 'ready' }
  | { id: number; type: 'pages'; pages: number; sheets?: boolean }
  /** reading this page of the job's file, alone (a shared job's pages are counted by the pool) */
  | { id: number; type: 'reading'; page: number }
  /** offer this job's PDF to helpers */
  | { id: number; type: 'share'; pageCount: number }
  | { id: number; type: 'claim' }
  | { id: number; type: 'stop' }
  /** a helper's batch of pages */
  | { id: number; type: 'partPages'; part: PackedPart }
  /** a part of the answer's transaction list `list`, packed (rows-wire.ts), sent before 'done' */
  | { id: number; type: 'rows'; list: number; part: PackedRows }
  /**
   * `rows`: how many 'rows' parts each of the answer's transaction lists was sent in (those lists
   * are left empty in `value`); null for a list left in place
   */
  | { id: number; type: 'done'; value: unknown; rows?: (number | null)[] }
  | { id: number; type: 'error'; error: ErrorData };

/** Pages a helper collects before sending them on. */
const BATCH_PAGES = 8;

const send = (msg: FromChild): void => {
  process.send?.(msg);
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

/** Answers to claims, in the order they were asked (IPC keeps order). */
const claimAnswers = new Map<number, ((n: number | null) => void)[]>();
/** Jobs waiting for the pool's answer to 'share', and for their helpers' pages. */
const sharing = new Map<
  number,
  {
    decided: (shared: boolean) => void;
    pages: Page[];
    end: (part: PdfPart | null) => void;
    fail: (e: StatementError) => void;
  }
>();

function askClaim(id: number): Promise<number | null> {
  return new Promise((resolve) => {
    const waiting = claimAnswers.get(id) ?? [];
    waiting.push(resolve);
    claimAnswers.set(id, waiting);
    send({ id, type: 'claim' });
  });
}

/**
 * Claims from the pool's counter, one page ahead: while a page is read, the claim for the next
 * one is on its way. A claimed page this reader never reads is above its own failure (it reads
 * its claims in order and stops only at a failure), so the first failure in page order holds.
 */
function remoteClaims(id: number, decided: Promise<boolean>, pageCount: number): PageClaims {
  let alone: boolean | null = null;
  let last = 0;
  let ahead: Promise<number | null> | null = null;
  return {
    next: async () => {
      alone ??= !(await decided);
      if (alone) {
        if (last >= pageCount) return null;
        send({ id, type: 'reading', page: ++last });
        return last;
      }
      const n = await (ahead ?? askClaim(id));
      ahead = n === null ? null : askClaim(id);
      return n;
    },
    stop: () => {
      last = pageCount;
      if (alone === false) send({ id, type: 'stop' });
      // Undecided: the answer is awaited by the next claim, which this reader no longer asks.
      else void decided.then((shared) => shared && send({ id, type: 'stop' }));
    },
  };
}

function share(id: number, pageCount: number): { claims: PageClaims; part: Promise<PdfPart | null> } {
  let decide!: (shared: boolean) => void;
  const decided = new Promise<boolean>((r) => (decide = r));
  const part = new Promise<PdfPart | null>((end, fail) => {
    const entry = { decided: decide, pages: [] as Page[], end, fail };
    sharing.set(id, entry);
  });
  // Not shared: nothing will come.
  void decided.then((shared) => {
    if (!shared) {
      sharing.get(id)?.end(null);
      sharing.delete(id);
    }
  });
  send({ id, type: 'share', pageCount });
  return { claims: remoteClaims(id, decided, pageCount), part };
}

/** The file bytes on stdin, one job's after another's (a reader has one job at a time). */
const incoming: Buffer[] = [];
let buffered = 0;
let wanted: { n: number; take: (b: Uint8Array) => void } | null = null;

function pump(): void {
  if (!wanted || buffered < wanted.n) return;
  const { n, take } = wanted;
  wanted = null;
  const all = incoming.length === 1 ? incoming[0] : Buffer.concat(incoming, buffered);
  incoming.length = 0;
  buffered -= n;
  if (buffered > 0) incoming.push(all.subarray(n));
  take(new Uint8Array(all.buffer, all.byteOffset, n));
}

function bytesOf(n: number): Promise<Uint8Array> {
  return new Promise((take) => {
    wanted = { n, take };
    pump();
  });
}

process.stdin.on('data', (chunk: Buffer) => {
  incoming.push(chunk);
  buffered += chunk.length;
  pump();
});

async function run(id: number, message: Job, size: number): Promise<void> {
  const bytes = await bytesOf(size);
  const job = { ...message, bytes } as Job;
  const { runJob } = await jobModule;
  try {
    let value: JobOutput;
    if (job.op === 'readPart') {
      let batch: Page[] = [];
      const flush = () => {
        if (batch.length === 0) return;
        send({ id, type: 'partPages', part: packPart({ pages: batch, failure: null }) });
        batch = [];
      };
      const part = (await runJob(job, {
        claims: remoteClaims(id, Promise.resolve(true), job.pageCount),
        onPage: (page) => {
          batch.push(page);
          if (batch.length >= BATCH_PAGES) flush();
        },
      })) as PdfPart;
      flush();
      const packed = packPart(part);
      const end: PartEnd = { failure: packed.failure };
      value = end as unknown as JobOutput;
    } else {
      value = await runJob(job, {
        onPageCount: (pages, sheets) => send({ id, type: 'pages', pages, ...(sheets ? { sheets } : {}) }),
        share: (pageCount) => share(id, pageCount),
      });
    }
    // Issue 33's cleaning (no control characters in what a file gives the server) is done here,
    // where the answer is made, not in the server's one thread: walking a 500-page statement's
    // 24,000 rows held the server's event loop 40-100 ms per answer (issues 37/38, decision 052).
    // a statement's rows in columns, in parts of 2,000 rows a message: the server takes each in a
    // few ms, not the whole in one piece (rows-wire.ts); their texts are cleaned as they are
    // packed, the rest of the answer walked after
    const packed = job.op === 'extract' ? packAnswer(value, cleanText) : null;
    const clean = cleanValues(value);
    if (!packed) {
      send({ id, type: 'done', value: clean });
      return;
    }
    packed.forEach((parts, list) => parts?.forEach((part) => send({ id, type: 'rows', list, part })));
    send({ id, type: 'done', value: clean, rows: packed.map((parts) => parts?.length ?? null) });
  } catch (err) {
    const e =
      err instanceof StatementError
        ? err
        : new StatementError('INTERNAL', {
            // The class and the code location, never the message: it may quote the file.
            logMessage: `reader: unexpected ${errorKind(err)} ${frames(err)}`,
          });
    send({ id, type: 'error', error: e.toJSON() });
  } finally {
    sharing.delete(id);
    claimAnswers.delete(id);
  }
}

// Listen before anything else loads: the pool's first job may already be on its way.
process.on('message', (msg: ToChild) => {
  if ('job' in msg) {
    void run(msg.id, msg.job, msg.bytes);
    return;
  }
  if ('claim' in msg) {
    claimAnswers.get(msg.id)?.shift()?.(msg.claim);
    return;
  }
  const entry = sharing.get(msg.id);
  if (!entry) return;
  if ('shared' in msg) entry.decided(msg.shared);
  else if ('partPages' in msg) entry.pages.push(...unpackPart(msg.partPages).pages);
  else if ('partEnd' in msg) {
    const end = msg.partEnd;
    entry.end(
      end && {
        pages: entry.pages,
        failure: end.failure && {
          page: end.failure.page,
          error: StatementError.fromJSON(end.failure.error),
        },
      },
    );
    sharing.delete(msg.id);
  } else {
    entry.fail(StatementError.fromJSON(msg.partError));
    sharing.delete(msg.id);
  }
});
// The pool ends this process by disconnecting (idle, recycled) or by a signal (limits).
process.on('disconnect', () => process.exit(0));
// pdf.js leaves some internal promises of a damaged document rejected with no handler (e.g. an
// XRefEntryException after the loading task was destroyed). By default that would end this
// process and fail whichever job runs next. Such a rejection never carries a job's result.
process.on('unhandledRejection', () => {});

// The readers (pdf.js, the parsers) load while the first job travels here, from Node's compile
// cache once a reader has compiled them (NODE_COMPILE_CACHE when the command line set it).
enableCompileCache?.();
const jobModule = import('./job.ts');
await jobModule;
send({ type: 'ready' });
