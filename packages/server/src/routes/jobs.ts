// The office drop (issue 13): many statements at once on a client or on the inbox, each file a job
// on the durable queue. The answer comes as soon as the files are stored; the screen then polls
// the jobs endpoint for their progress (leaving the page loses nothing: the rows are the state).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { cleanText } from '@bahi/core';
import { ENDPOINTS, JobsQuery, MAX_DROP_FILES } from '@bahi/contract';
import { requireUser } from '../auth/guards.ts';
import { UPLOAD_LIMIT_BYTES } from '../body-limits.ts';
import { serve } from '../endpoints.ts';
import { badRequest, HttpError, notFound, unavailable } from '../errors.ts';
import type { Tx } from '../db/index.ts';
import { clientFor, requireOwner, seenBy } from '../office/team.ts';
import type { StatementQueue } from '../queue/boss.ts';
import { readDroppedFile } from '../queue/read.ts';
import {
  countStates,
  getJob,
  insertDrop,
  jobView,
  listJobs,
  markNeedsPassword,
  waitingForPassword,
  type NewFile,
} from '../queue/store.ts';
import { isWorkbookZip, unzipFileInto, WORKBOOK_TAIL_BYTES } from '../queue/unzip.ts';
import type { KeptFile, UploadFiles } from '../queue/upload-files.ts';
import type { AppContext } from '../context.ts';
import { officeJobs, type OfficeJobRow } from '../db/schema.ts';
import { countWork, withReadSlot, workLimits } from '../statements/work-limits.ts';

/**
 * Everything one drop may hold, unpacked: 100 statements are rarely over 50 MB (a year's PDF is
 * 0.1-2 MB). Issue 33: at 300 MB, ten drops at once held 3 GB of the server's memory.
 */
export const MAX_DROP_BYTES = 100 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The answer to a file past the upload limit, as @fastify/multipart's own (body-limits.ts). */
const fileTooLarge = () =>
  Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });

/**
 * The files of a drop (each .zip opened), kept under the data directory as the request streams
 * (issue 33: a drop was held whole in memory, then in the database), and the client field; limits
 * answered 413 / 400. `kept` gathers every file written, so the caller removes them all whatever
 * happens before their rows are committed.
 */
async function readDrop(
  request: FastifyRequest,
  ctx: AppContext,
  uploads: UploadFiles,
  kept: string[],
): Promise<{ files: NewFile[]; clientId: string | null; counted: number }> {
  // The office's files (issue 35): a member's drop is read and filed within the office.
  const userId = request.office.id;
  const files: NewFile[] = [];
  let clientId: string | null = null;
  let total = 0;
  /** files whose read was counted when a reader was asked to open them as a .zip */
  let counted = 0;
  const add = (fileName: string, file: KeptFile) => {
    if (files.length >= MAX_DROP_FILES)
      throw new HttpError('TOO_LARGE', `Too many files: at most ${MAX_DROP_FILES} can be dropped at once.`);
    total += file.size;
    if (total > MAX_DROP_BYTES)
      throw new HttpError('TOO_LARGE', 'The files are too large to drop at once. Drop fewer.');
    // A name without control characters (a NUL is no PostgreSQL text; issue 33).
    files.push({ fileName: cleanText(fileName) || 'statement', ...file });
  };
  const keep = async (write: Promise<KeptFile>) => {
    const file = await write;
    kept.push(file.key);
    return file;
  };
  const parts = request.parts({
    limits: { files: MAX_DROP_FILES, fileSize: UPLOAD_LIMIT_BYTES, fields: 5 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      const file = await keep(uploads.receive(userId, part.file));
      if (part.file.truncated) throw fileTooLarge();
      if (file.size === 0) continue;
      // A file that starts like a zip is opened by a reader that reads it from the disk itself: the
      // server never reads it back (issue 33: up to 25 MB a request). The reader says whether it is an
      // archive of files at all; a workbook (an XLSX is a zip) or a file only starting "PK" is kept.
      const head = file.size >= 4 ? await uploads.head(file.key, 4) : null;
      if (head && head[0] === 0x50 && head[1] === 0x4b) {
        // A workbook (an XLSX is a zip) told by its directory, read here from the file's end: no
        // reader is asked, so the drop is not held behind statement reads waiting for one.
        if (isWorkbookZip(head, await uploads.tail(file.key, file.size, WORKBOOK_TAIL_BYTES), file.size)) {
          add(part.filename, file);
          continue;
        }
        // Opening it is a reader's work: counted like a read before it starts (issue 33). A file the
        // reader finds no archive has had its read counted by this: it is not counted again below.
        await countWork(ctx, userId, 'extract', 1);
        // A refused .zip (ZipRefused) is answered 400 with its words by the app's error handler.
        // The reader writes its files beside the others: the server never holds them.
        const inner = await unzipFileInto(
          uploads.fileOf(file.key),
          file.size,
          {
            maxFiles: MAX_DROP_FILES - files.length,
            maxFileBytes: UPLOAD_LIMIT_BYTES,
            maxTotalBytes: MAX_DROP_BYTES - total,
          },
          uploads.folderOf(userId),
          { owner: userId },
        );
        if (inner === undefined) {
          add(part.filename, file);
          counted++;
          continue;
        }
        await uploads.remove([file.key]);
        const written = inner.map((f) => ({ ...f, key: uploads.keyOf(userId, f.file) }));
        kept.push(...written.map((w) => w.key));
        for (const w of written)
          add(`${part.filename}/${w.name}`, { key: w.key, size: w.size, sha256: w.sha256 });
      } else add(part.filename, file);
    } else if (part.fieldname === 'client_id' && typeof part.value === 'string' && part.value) {
      if (!UUID.test(part.value)) throw badRequest('client_id: not a client.');
      clientId = part.value.toLowerCase();
    }
  }
  if (files.length === 0) throw badRequest('Choose the statement files to drop.');
  return { files, clientId, counted };
}

const jobs: FastifyPluginAsync<{ queue?: StatementQueue }> = async (app, opts) => {
  const ctx = app.bahi;
  const queue = () => {
    if (!opts.queue) throw unavailable('Reading many statements at once is not available on this server.');
    return opts.queue;
  };

  /**
   * 413 when a drop of `incoming` bytes would leave the user more kept and unread files than the
   * work limits allow (issue 33: storage bounded for every stored kind). Two drops at once may
   * both pass; the hourly megabytes bound that.
   */
  async function roomToKeep(userId: string, incoming: number) {
    const [{ kept }] = await ctx.db
      .select({ kept: sql<string>`coalesce(sum(${officeJobs.size}), 0)` })
      .from(officeJobs)
      .where(
        and(
          eq(officeJobs.userId, userId),
          inArray(officeJobs.state, ['queued', 'reading', 'needs_password']),
        ),
      );
    const limitMb = workLimits().keptDropMegabytes;
    if (Number(kept) + incoming <= limitMb * 2 ** 20) return;
    throw new HttpError(
      'TOO_LARGE',
      `Your dropped files not read yet already hold ${Math.ceil(Number(kept) / 2 ** 20)} MB; at most ${limitMb} MB can wait. Enter the passwords the waiting files need, or wait for them to be read, then drop these again.`,
    );
  }

  /** Tries one password on each waiting file in turn; how many it opened (read, or failed once open). */
  async function tryPassword(waiting: OfficeJobRow[], password: string, request: FastifyRequest) {
    let opened = 0;
    for (const row of waiting) {
      let outcome;
      try {
        outcome = await readDroppedFile(
          { db: ctx.db, log: request.log, now: ctx.now, uploads: queue().uploads },
          row.id,
          { password },
        );
      } catch (err) {
        // The reader stopped (not the file's fault): the file waits for the next attempt.
        await markNeedsPassword(
          ctx.db,
          row.id,
          'PASSWORD_REQUIRED',
          'Reading stopped. Enter the password again.',
        );
        request.log.warn({ job: row.id, err: { name: (err as Error).name } }, 'password attempt stopped');
        continue;
      }
      if (outcome === 'read' || outcome === 'failed') opened++;
    }
    return opened;
  }

  /** Stores every file (rows and bytes), then queues them: 202 with one row per file. */
  app.addHook('preHandler', requireUser);

  serve(app, ENDPOINTS.drop, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('Send the statements as a multipart form with files.');
    const q = queue();
    // Every file written for this drop: removed unless its row was committed (a refusal, a limit,
    // a cut connection, a full disk), so nothing a drop leaves behind outlives its answer.
    const kept: string[] = [];
    let committed = false;
    try {
      const { files, clientId, counted } = await readDrop(request, ctx, q.uploads, kept);
      const bytes = files.reduce((n, f) => n + f.size, 0);
      await roomToKeep(request.office.id, bytes);
      // Every file is a read: counted now against the user's hourly limit, as the single-statement
      // route counts its reads (429 beyond it, nothing kept). Issue 33: the queue read 200 files
      // past the limit.
      await countWork(ctx, request.user.id, 'extract', files.length - counted);
      await countWork(ctx, request.user.id, 'dropMegabytes', Math.ceil(bytes / 2 ** 20));
      // On a client the person works on; the inbox (matched across every client) is the owner's.
      if (clientId) await clientFor(ctx.db, request, clientId, 'work');
      else requireOwner(request.office);
      const dropId = randomUUID();
      // The files' names are on disk before their rows name them (a crash keeps them whole).
      await q.uploads.settle(files.map((f) => f.key));
      // The files' rows and their queue jobs in one transaction (decision 052 round twenty): a file
      // is never recorded without its job, so no reader finds one user's backlog before another's
      // file that is already recorded. A failure of either stores nothing: the drop is refused.
      const queued = (tx: Tx, inserted: OfficeJobRow[]) =>
        q.sendWithin(
          tx,
          inserted.map((r) => r.id),
        );
      const rows = await insertDrop(ctx.db, request.office.id, clientId, dropId, files, queued);
      committed = true;
      // an idle reader of this process takes them now, not at its next poll
      q.wake(rows.length);
      request.log.info({ drop: dropId, files: rows.length }, 'statements dropped');
      return reply.code(202).send({ drop_id: dropId, jobs: rows.map(jobView) });
    } finally {
      if (!committed) await q.uploads.remove(kept);
    }
  });

  serve(app, ENDPOINTS.jobs, async (request) => {
    const query = JobsQuery.parse(request.query);
    // One query (issue 37: the screen polls this every 1.5 s): the files, with an accountant's
    // assignments as a condition of it. A client's files found say the person sees the client;
    // none found, the client is looked up so one they may not see still answers 404.
    const rows = await listJobs(ctx.db, request.office.id, {
      clientId: query.client_id,
      inbox: Boolean(query.inbox) && !query.client_id,
      dropId: query.drop_id,
      limit: query.limit,
      seen: (clientId) => seenBy(request.office, request.user.id, clientId),
    });
    if (query.client_id && rows.length === 0) await clientFor(ctx.db, request, query.client_id, 'see');
    return { jobs: rows.map(jobView), counts: countStates(rows) };
  });

  serve(app, ENDPOINTS.job, async (request) => {
    const id = String((request.params as { id?: string }).id ?? '');
    // the office's file, of a client an accountant is assigned: one query (issue 37)
    const seen = seenBy(request.office, request.user.id, officeJobs.clientId);
    const row = UUID.test(id)
      ? await getJob(
          ctx.db,
          id,
          eq(officeJobs.userId, request.office.id),
          seen && and(isNotNull(officeJobs.clientId), seen),
        )
      : undefined;
    if (!row) throw notFound('No such file.');
    return jobView(row);
  });

  /**
   * One password for every file of a client that waits for one (offices use one pattern per
   * client). Tried here, in this request's memory only: it never reaches the queue's tables, a
   * log or another process. Files it does not open keep waiting.
   */
  serve(app, ENDPOINTS.jobsPassword, async (request, _reply, body) => {
    const userId = request.user.id;
    if (body.client_id) await clientFor(ctx.db, request, body.client_id, 'work');
    else requireOwner(request.office);
    const waiting = await waitingForPassword(ctx.db, request.office.id, body.client_id);
    // Each file tried is a password check (a decryption, then a read): counted against the hourly
    // limit of password checks, and the call holds one of the user's read slots (issue 33: 36
    // decryptions a call, without limit).
    await countWork(ctx, userId, 'checkPassword', waiting.length);
    const opened = await withReadSlot(ctx, userId, 'checkPassword', () =>
      tryPassword(waiting, body.password, request),
    );
    const ids = new Set(waiting.map((w) => w.id));
    const rows = (
      await listJobs(ctx.db, request.office.id, {
        ...(body.client_id ? { clientId: body.client_id } : { inbox: true }),
        limit: 500,
      })
    ).filter((r) => ids.has(r.id));
    return { tried: waiting.length, opened, jobs: rows.map(jobView) };
  });
};

export default jobs;
