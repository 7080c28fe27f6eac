// The calls of statements kept on the server (issue 19). Every one is the signed-in user's own:
// another user's statement id answers 404, the same as an id that does not exist.
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ENDPOINTS,
  MAX_ROWS_PAGE,
  type SaveLedgersAnswer,
  type SaveRowsAnswer,
  type SaveSplitsAnswer,
} from '@bahi/contract';
import { requireUser } from '../auth/guards.ts';
import { serve } from '../endpoints.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';
import { utf8InSlices } from '../slices.ts';
import { rememberLedgers } from './ledger-memory.ts';
import {
  listStatementResults,
  loadScanCrops,
  loadStatementResult,
  loadStatementRows,
  loadStatementRowsJson,
  saveStatementLedgers,
  saveStatementRows,
  saveStatementSplits,
  setStatementAccepted,
  type ChangeRefused,
} from './results.ts';

const Paging = (max: number, fallback: number) =>
  z.object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(max).default(fallback),
  });
const ListPaging = Paging(100, 20);
const RowsPaging = Paging(MAX_ROWS_PAGE, MAX_ROWS_PAGE);

const idOf = (request: FastifyRequest) => String((request.params as { id?: string }).id ?? '');

const NO_STATEMENT = 'No such statement.';
const STALE =
  'The rows of this statement were changed in another tab or on another machine. Reload to see them.';

/** 404 for no statement (or another user's), 409 for rows changed since the client read them. */
function refused(why: ChangeRefused): never {
  if (why === 'missing') throw notFound(NO_STATEMENT);
  if (why === 'out-of-range') throw badRequest('A row index is past the end of the statement.');
  throw new HttpError('STALE_REVISION', STALE);
}

/**
 * Large JSON compressed when the browser accepts it: 20,000 rows are ~2.2 MB of JSON and ~0.3 MB
 * gzipped (level 1, in zlib's thread pool, not the event loop). `json` is the text or its pieces
 * (jsonInSlices); a large one is encoded a slice at a time (utf8InSlices) and fed to gzip piece by
 * piece: `Buffer.from` of a 500-page answer, 4.7 MB, held the thread 35-75 ms in one go (issue 38).
 */
export async function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string | readonly string[],
) {
  reply.header('content-type', 'application/json; charset=utf-8');
  const pieces = typeof json === 'string' ? [json] : json;
  const length = pieces.reduce((n, p) => n + p.length, 0);
  if (length < 64 * 1024) return reply.send(pieces.join(''));
  const bytes = await utf8InSlices(pieces);
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
    return reply.send(Buffer.concat(bytes));
  reply.header('content-encoding', 'gzip').header('vary', 'Accept-Encoding');
  return reply.send(await gzipPieces(bytes));
}

/** The gzip (level 1) of `pieces` end to end, each handed to zlib's thread pool in turn. */
async function gzipPieces(pieces: readonly Buffer[]): Promise<Buffer> {
  const zip = createGzip({ level: 1 });
  const out: Buffer[] = [];
  zip.on('data', (b: Buffer) => out.push(b));
  const ended = once(zip, 'end');
  for (const p of pieces) zip.write(p);
  zip.end();
  await ended;
  return Buffer.concat(out);
}

export async function statementRoutes(app: FastifyInstance) {
  const ctx = app.bahi;
  const signedIn = { preHandler: requireUser };

  serve(
    app,
    ENDPOINTS.statements,
    async (request) => listStatementResults(ctx.db, request.user.id, ListPaging.parse(request.query)),
    signedIn,
  );

  serve(
    app,
    ENDPOINTS.statement,
    async (request) => {
      const statement = await loadStatementResult(ctx.db, request.user.id, idOf(request));
      if (!statement) throw notFound(NO_STATEMENT);
      return statement;
    },
    signedIn,
  );

  /** Rows in pages (all of them at once by default, up to MAX_ROWS_PAGE). */
  serve(
    app,
    ENDPOINTS.statementRows,
    async (request, reply) => {
      const page = RowsPaging.parse(request.query);
      if (page.offset === 0 && page.limit === MAX_ROWS_PAGE) {
        // The whole set (what the result screen asks for): the database's JSON text as it is.
        const text = await loadStatementRowsJson(ctx.db, request.user.id, idOf(request));
        if (text === null) throw notFound(NO_STATEMENT);
        return sendJson(request, reply, text);
      }
      const rows = await loadStatementRows(ctx.db, request.user.id, idOf(request), page);
      if (!rows) throw notFound(NO_STATEMENT);
      return sendJson(request, reply, JSON.stringify(rows));
    },
    signedIn,
  );

  /** The strips of the scanned page beside the rows read unsure (issue 32). */
  serve(
    app,
    ENDPOINTS.statementScanCrops,
    async (request, reply) => {
      const crops = await loadScanCrops(ctx.db, request.user.id, idOf(request));
      if (!crops) throw notFound(NO_STATEMENT);
      return sendJson(request, reply, JSON.stringify(crops));
    },
    signedIn,
  );

  /** Ledger names given to rows; remembered for suggestions too (ledger memory). */
  serve(
    app,
    ENDPOINTS.saveStatementLedgers,
    async (request, _reply, body) => {
      const userId = request.user.id;
      const done = await saveStatementLedgers(ctx.db, userId, idOf(request), body, ctx.now());
      if (typeof done === 'string') refused(done);
      if (done.assignments.length) await rememberLedgers(ctx.db, userId, done.assignments, ctx.now());
      const answer: SaveLedgersAnswer = { ok: true, revision: done.revision, saved: done.saved };
      return answer;
    },
    signedIn,
  );

  /** A GST/TDS split given to rows on the statement screen's table (issue 35, decision 057). */
  serve(
    app,
    ENDPOINTS.saveStatementSplits,
    async (request, _reply, body) => {
      const done = await saveStatementSplits(ctx.db, request.user.id, idOf(request), body, ctx.now());
      if (typeof done === 'string') refused(done);
      const answer: SaveSplitsAnswer = { ok: true, revision: done.revision, saved: done.saved };
      return answer;
    },
    signedIn,
  );

  /** The rows as fixed in place (issue 17): the whole set, from the revision the client saw. */
  serve(
    app,
    ENDPOINTS.saveStatementRows,
    async (request, _reply, body) => {
      const done = await saveStatementRows(ctx.db, request.user.id, idOf(request), body, ctx.now());
      if (typeof done === 'string') refused(done);
      const answer: SaveRowsAnswer = { ok: true, revision: done.revision };
      return answer;
    },
    signedIn,
  );

  serve(
    app,
    ENDPOINTS.acceptStatement,
    async (request, _reply, { accepted }) => {
      if (!(await setStatementAccepted(ctx.db, request.user.id, idOf(request), accepted, ctx.now())))
        throw notFound(NO_STATEMENT);
      return { ok: true, accepted };
    },
    signedIn,
  );
}
