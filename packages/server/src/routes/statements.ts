import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  defaultBankLedger,
  isBankCode,
  pagesForExtraction,
  xmlDownloadName,
  type BankCode,
  type StatementFormat,
  readReason,
  reasonForFailure,
  type ReadReason,
} from '@bahi/core';
import { clientFor } from '../office/team.ts';
import { ENDPOINTS, SheetMapping, TaughtLayout, type ExtractAnswer, type OtherRead } from '@bahi/contract';
import {
  checkPassword,
  closePool,
  extractStatement,
  isStatementError,
  previewSheets,
  readQuality,
  type Extraction,
  type StatementError,
} from '@bahi/statements';
import { requireUser } from '../auth/guards.ts';
import { tokenShowing } from '../auth/users.ts';
import { notEnoughPages, paidRecently, spendPages } from '../credits.ts';
import { ledgerMemory } from '../statements/tables.ts';
import { serve } from '../endpoints.ts';
import { HttpError, badRequest, notFound } from '../errors.ts';
import { bankExportXml } from '../tally/bank-export.ts';
import { recordDownload, withLeftOut } from '../tally/sent-routes.ts';
import {
  ANY_BANK,
  MAX_LAYOUTS,
  candidatesFor,
  deleteLayout,
  layoutInfo,
  listLayouts,
  renameLayout,
  saveLayout,
} from '../statements/layouts.ts';
import { rememberLedgers, suggestLedgers } from '../statements/ledger-memory.ts';
import { readReasons, toRow } from '../statements/shape.ts';
import { checkStatementKind, withUpload, type Upload } from '../statements/upload.ts';
import { sendJson, statementRoutes } from '../statements/routes.ts';
import { jsonInSlices, mapInSlices } from '../slices.ts';
import {
  saveReadStatement,
  saveStatementResult,
  setStatementLayout,
  statementDetail,
  withStagedRows,
} from '../statements/results.ts';
import { countWork, withReadSlot } from '../statements/work-limits.ts';
import { phaseEnds } from '../phases.ts';
import { idParam } from './params.ts';
import { XML_TYPE, safeFilePart, sendDownload } from '../download.ts';

// Bank statement calls of spec section 7: /{bank}/check-password, /{bank}/extract-statement and
// /{bank}/download-xml for every bank code (case-insensitive), plus ledger memory. Files stay in
// memory; passwords are used for the one call and never logged or stored.

function bankOf(request: FastifyRequest): BankCode {
  const raw = String((request.params as { bank?: string }).bank ?? '').toUpperCase();
  if (!isBankCode(raw)) throw notFound('Unknown bank.');
  return raw;
}

/**
 * The bank of check-password and extract-statement: a bank code, or `auto` (issue 34: no bank
 * chosen on the selection screen) for the bank the reader detects in the file, as the office drop
 * reads its files.
 */
export const AUTO_BANK = 'auto';
function bankOrAuto(request: FastifyRequest): BankCode | undefined {
  const raw = String((request.params as { bank?: string }).bank ?? '');
  return raw.toLowerCase() === AUTO_BANK ? undefined : bankOf(request);
}

/**
 * An extraction that failed, answered as { detail, code, next, reason } (issue 17): `reason` says
 * why in plain words and what to do next. A page that could not be read is named (PAGE_UNREADABLE).
 * Thrown like every failure; the status is the code's (errors.ts).
 */
function readFailure(reason: ReadReason, logMessage: string): HttpError {
  return new HttpError(reason.code, reason.message, logMessage, { reason, next: reason.next });
}

function failureOf(err: StatementError): HttpError {
  const page = /page (\d+) failed/.exec(err.logMessage)?.[1];
  if (err.code === 'UNREADABLE' && page) {
    const reason = readReason(
      'PAGE_UNREADABLE',
      `Page ${page} of the file could not be read. ${err.userMessage}`,
    );
    return readFailure(reason, `${err.code}: ${err.logMessage}`);
  }
  const code = reasonForFailure(err.code);
  const reason = code
    ? { ...readReason(code), message: err.userMessage }
    : { code: err.code, message: err.userMessage, next: 'Try again; if it happens again, contact support.' };
  return readFailure(reason as ReadReason, `${err.code}: ${err.logMessage}`);
}

function billingFormat(format: Extraction['format']): StatementFormat {
  return format === 'pdf' || format === 'pdf-scanned' ? 'pdf' : format;
}

const statements: FastifyPluginAsync<{ keepReaderPool?: boolean }> = async (app, opts) => {
  const ctx = app.bahi;
  // The reader processes of @bahi/statements stop with the app, unless the app shares them with the
  // statement queue (`bahi serve`): closing them here cut the queue's reads in hand at SIGTERM
  // (issue 37), so start.ts closes them itself once the queue has stopped.
  if (!opts.keepReaderPool) app.addHook('onClose', async () => closePool());

  const signedIn = { preHandler: requireUser };

  serve(
    app,
    ENDPOINTS.checkPassword,
    async (request) => {
      bankOrAuto(request);
      return withUpload(request, async (upload) => {
        try {
          await checkStatementKind(upload);
          const userId = request.user.id;
          return await withReadSlot(ctx, userId, 'checkPassword', () =>
            checkPassword(upload.file, { owner: userId }),
          );
        } catch (err) {
          // the same answer as extraction: { detail, code, next, reason }
          throw isStatementError(err) ? failureOf(err) : err;
        }
      });
    },
    signedIn,
  );

  /**
   * Reads a statement and answers it (issue 17: with its reasons, issues and notes). With `layout`
   * the table is read with the layout the user marked, and the answer carries the file's shape to
   * save it with; without, a layout taught before for this bank reads a file of its shape.
   */
  async function readStatement(
    request: FastifyRequest,
    reply: FastifyReply,
    marked: 'none' | 'layout' | 'mapping',
  ) {
    const withLayout = marked === 'layout';
    // a sheet's columns may be marked with no bank chosen (issue 35): its bank is often one Bahi has no profile for
    const bank = withLayout ? bankOf(request) : bankOrAuto(request);
    // (the benchmark's phases: from the request's arrival through the sign-in check to here)
    phaseEnds(request, 'sign-in', reply.elapsedTime);
    // the file is kept on disk while it is read, and removed however the request ends
    const sent = await withUpload(request, (upload) => {
      phaseEnds(request, 'upload');
      return readUploaded(request, reply, marked, bank, upload);
    });
    phaseEnds(request, 'upload removed');
    return sent;
  }

  async function readUploaded(
    request: FastifyRequest,
    reply: FastifyReply,
    marked: 'none' | 'layout' | 'mapping',
    bank: ReturnType<typeof bankOrAuto>,
    upload: Upload,
  ) {
    const withLayout = marked === 'layout';
    let layout: TaughtLayout | undefined;
    if (withLayout) {
      let raw: unknown;
      try {
        raw = JSON.parse(upload.layout ?? '');
      } catch {
        throw badRequest('Send the layout you marked as JSON in the form field "layout".');
      }
      layout = TaughtLayout.parse(raw);
    }
    let mapping: SheetMapping | undefined;
    if (marked === 'mapping') {
      let raw: unknown;
      try {
        raw = JSON.parse(upload.mapping ?? '');
      } catch {
        throw badRequest('Send the columns you marked as JSON in the form field "mapping".');
      }
      mapping = SheetMapping.parse(raw);
    }
    const query = request.query as { password?: unknown };
    const password = (typeof query.password === 'string' && query.password) || upload.password || undefined;
    const userId = request.user.id;
    const ref = `statement:${upload.sha256}`;

    // The checks before the read ask the database together, not one after another (issue 38: on a
    // busy machine every round trip to the database's thread waits for a core). The payer and the
    // balance are the sign-in check's, read moments ago in this request (requireUser): the office's
    // (payerOf) and its pages (balance). The spend after the read decides on the balance as it is then.
    const [free, taught] = await Promise.all([
      paidRecently(ctx.db, userId, ref, ctx.now(), request.office.id),
      layout || mapping ? null : candidatesFor(ctx.db, request.office.id, bank),
    ]);
    // Refuse before the work when nothing at all is left; the exact cost is known only after reading.
    const have = free ? 1 : request.user.pagesLeft;
    if (have < 1) throw new HttpError('NOT_ENOUGH_PAGES', notEnoughPages(1, have, true));
    phaseEnds(request, 'pages and layouts');
    let extraction: Extraction;
    try {
      extraction = await withReadSlot(ctx, userId, 'extract', () => {
        phaseEnds(request, 'hourly limit');
        return extractStatement(upload.file, {
          password,
          ...(bank ? { bank } : {}),
          fileName: upload.fileName,
          owner: userId,
          scanCrops: true,
          ...(layout ? { layout } : {}),
          ...(mapping ? { mapping } : {}),
          ...(taught?.candidates.length ? { taught: taught.candidates } : {}),
          ...(taught?.mapped.length ? { mapped: taught.mapped } : {}),
        });
      });
    } catch (err) {
      throw isStatementError(err) ? failureOf(err) : err;
    }
    phaseEnds(request, 'read');
    phaseEnds(request, 'read: in the pool', extraction.meta.ms);
    const { result } = extraction;
    const first = result.accounts[0];
    if (!first || first.transactions.length === 0) {
      // why: a scan whose OCR found no table, or headings the reader does not know
      const reason = readReasons(result)[0] ?? readReason('NO_TABLE');
      throw readFailure(reason, `${reason.code}: no transactions`);
    }
    const rowCount = result.accounts.reduce((n, a) => n + a.transactions.length, 0);
    const cost = pagesForExtraction({
      format: billingFormat(extraction.format),
      pdfPages: extraction.pages,
      transactions: rowCount,
    });
    const charged = free ? 0 : cost;

    const reasons = readReasons(result);
    const used = extraction.layoutUsed ? taught?.rows.find((r) => r.id === extraction.layoutUsed) : undefined;
    const transactions = await mapInSlices(first.transactions, toRow);
    const detail = statementDetail(result, first, reasons, used ? layoutInfo(used) : null);

    // Issue 34: a taught layout fitted the file; the read not chosen is kept as a statement of its
    // own, and each names the other, so the screen says which read it shows and switches to the other.
    const otherResult = extraction.other?.result;
    const otherFirst = otherResult?.accounts.find((a) => a.transactions.length > 0);
    const other =
      extraction.other && otherResult && otherFirst
        ? (() => {
            const layoutRow = taught?.rows.find(
              (r) => r.id === (extraction.layoutUsed ?? extraction.other!.layoutId),
            );
            const layout = layoutRow ? layoutInfo(layoutRow) : null;
            const shown: OtherRead['shown'] = extraction.layoutUsed ? 'taught' : 'builtin';
            const quality = (q: ReturnType<typeof readQuality>) => ({
              rows: q.rows,
              balanced: q.ok,
              breaks: q.breaks,
            });
            return {
              id: randomUUID(),
              result: otherResult,
              first: otherFirst,
              forChosen: (id: string): OtherRead => ({
                statement_id: id,
                shown,
                chosen: true,
                why: extraction.other!.why,
                layout,
                ...quality(readQuality(otherResult)),
              }),
              forOther: (id: string): OtherRead => ({
                statement_id: id,
                shown: shown === 'taught' ? 'builtin' : 'taught',
                chosen: false,
                why: extraction.other!.why,
                layout,
                ...quality(readQuality(result)),
              }),
              detail: statementDetail(
                otherResult,
                otherFirst,
                readReasons(otherResult),
                shown === 'builtin' ? layout : null,
              ),
            };
          })()
        : null;

    // The rows are written first, a chunk at a time with other requests' queries between (issue
    // 38), unseen until the statement's row is (rows of one chunk go with it instead). Spend,
    // history and the stored result then in one transaction: all happen or none (402 leaves nothing
    // behind, the staged rows removed). The statement takes the extraction's id, so the history
    // links to it.
    const staging: Parameters<typeof withStagedRows>[1] = [
      { userId, rows: transactions, sources: first.transactions },
    ];
    if (other)
      staging.push({
        id: other.id,
        userId,
        rows: await mapInSlices(other.first.transactions, toRow),
        sources: other.first.transactions,
      });
    phaseEnds(request, 'rows made');
    const spent = await withStagedRows(ctx.db, staging, async ([rows, otherRows]) => {
      phaseEnds(request, 'rows staged');
      return spendPages(ctx.db, userId, charged, ref, async (tx) => {
        const stored = await saveReadStatement(tx, {
          userId,
          requestedBank: bank ?? result.bank ?? '',
          fileName: upload.fileName,
          format: extraction.format,
          detail: other ? { ...detail, other_read: other.forChosen(other.id) } : detail,
          ...rows!,
          now: ctx.now(),
          history: { bank: result.bank, pages: charged, rows: rowCount },
        });
        if (other)
          await saveStatementResult(tx, {
            id: other.id,
            userId,
            requestedBank: bank ?? result.bank ?? '',
            fileName: upload.fileName,
            format: extraction.format,
            detail: { ...other.detail, other_read: other.forOther(stored.id) },
            ...otherRows!,
            // a moment older, so "the latest statement" stays the read Bahi chose
            now: new Date(ctx.now().getTime() - 1),
          });
        return stored.id;
      });
    });
    const statementId = spent.result;
    phaseEnds(request, 'spent and saved');
    // The answer's token shows the person as the sign-in check read them, with the balance the
    // spend left (the payer's, as signedInUser gives it): three queries fewer than reading them again.
    const { session, ...shown } = request.user;
    const user = { ...shown, pagesLeft: spent.pagesLeft };
    request.log.info(
      {
        bank: result.bank,
        requested: bank ?? AUTO_BANK,
        format: extraction.format,
        rows: rowCount,
        charged,
        ms: extraction.meta.ms,
        reasons: reasons.map((r) => r.code),
        taught: Boolean(layout || mapping || used),
      },
      'statement extracted',
    );

    const answer: ExtractAnswer = {
      transactions,
      xml_preview: detail.xml_preview,
      statement_info: detail.statement_info,
      fallback_accounts: detail.fallback_accounts,
      reconciliation: detail.reconciliation,
      bank_detected: detail.bank_detected,
      pages: charged,
      page_left: user.pagesLeft,
      // (signedInUser's pages are already the office's)
      access_token: await tokenShowing(ctx, user, session),
      format: extraction.format,
      reasons,
      issues: detail.issues,
      layout_used: detail.layout_used,
      other_read: other ? other.forChosen(other.id) : null,
      layout_signature: layout ? (extraction.signature ?? null) : null,
      mapping_signature: mapping ? (extraction.sheetSignature ?? null) : null,
      statement_id: statementId,
    };
    phaseEnds(request, 'user and token');
    // 24,000 rows for 500 pages: written a slice at a time, not in one JSON.stringify of the reply
    const json = await jsonInSlices(answer);
    phaseEnds(request, 'answer JSON');
    const sent = await sendJson(request, reply, json);
    phaseEnds(request, 'answer sent');
    return sent;
  }

  serve(
    app,
    ENDPOINTS.extractStatement,
    async (request, reply) => readStatement(request, reply, 'none'),
    signedIn,
  );

  /** Re-reads the file (sent again: files are never kept) with the layout the user marked. */
  serve(
    app,
    ENDPOINTS.readWithLayout,
    async (request, reply) => readStatement(request, reply, 'layout'),
    signedIn,
  );

  /** Issue 35: the first rows of a workbook or delimited file, to mark its columns on (read in a reader). */
  serve(
    app,
    ENDPOINTS.sheetPreview,
    async (request) => {
      bankOrAuto(request);
      return withUpload(request, async (upload) => {
        const query = request.query as { password?: unknown };
        const password =
          (typeof query.password === 'string' && query.password) || upload.password || undefined;
        const userId = request.user.id;
        try {
          await checkStatementKind(upload);
          return await withReadSlot(ctx, userId, 'extract', () =>
            previewSheets(upload.file, { password, fileName: upload.fileName, owner: userId }),
          );
        } catch (err) {
          throw isStatementError(err) ? failureOf(err) : err;
        }
      });
    },
    signedIn,
  );

  /** Re-reads the file (sent again) with the sheet's columns the user marked (issue 35). */
  serve(
    app,
    ENDPOINTS.readWithMapping,
    async (request, reply) => readStatement(request, reply, 'mapping'),
    signedIn,
  );

  serve(
    app,
    ENDPOINTS.saveMapping,
    async (request, _reply, body) => {
      const chosen = body.bank.toUpperCase();
      const bank = chosen === AUTO_BANK.toUpperCase() || chosen === '' ? ANY_BANK : chosen;
      if (bank !== ANY_BANK && !isBankCode(bank)) throw badRequest('Unknown bank.');
      if (body.signature.headings.filter(Boolean).length < 2)
        throw badRequest('Mark a first row below the column headings: the headings recognise the next file.');
      // kept for a client: one the person works on (another office's, or one not assigned, is no such client)
      const client = body.client_id ? await clientFor(ctx.db, request, body.client_id, 'work') : null;
      const existing = await listLayouts(ctx.db, request.office.id);
      if (existing.length >= MAX_LAYOUTS) throw badRequest(`At most ${MAX_LAYOUTS} layouts can be saved.`);
      const row = await saveLayout(
        ctx.db,
        request.office.id,
        {
          name: body.name,
          bank,
          layout: body.mapping,
          signature: body.signature,
          clientId: client?.id ?? null,
        },
        ctx.now(),
      );
      const info = layoutInfo(row);
      if (body.statement_id)
        await setStatementLayout(ctx.db, request.user.id, body.statement_id, info, ctx.now());
      return info;
    },
    signedIn,
  );

  serve(
    app,
    ENDPOINTS.layouts,
    async (request) => ({ layouts: (await listLayouts(ctx.db, request.office.id)).map(layoutInfo) }),
    signedIn,
  );

  serve(
    app,
    ENDPOINTS.saveLayout,
    async (request, _reply, body) => {
      const bank = body.bank.toUpperCase();
      if (!isBankCode(bank)) throw badRequest('Unknown bank.');
      if (body.signature.heading.length === 0)
        throw badRequest('Mark the first transaction row below the column headings.');
      const existing = await listLayouts(ctx.db, request.office.id);
      if (existing.length >= MAX_LAYOUTS) throw badRequest(`At most ${MAX_LAYOUTS} layouts can be saved.`);
      const row = await saveLayout(ctx.db, request.office.id, { ...body, bank }, ctx.now());
      const info = layoutInfo(row);
      // The statement it read names it from now on (kept on the server, issue 19).
      if (body.statement_id)
        await setStatementLayout(ctx.db, request.user.id, body.statement_id, info, ctx.now());
      return info;
    },
    signedIn,
  );

  serve(
    app,
    ENDPOINTS.renameLayout,
    async (request, _reply, { name }) => {
      const id = idParam(request, 'layout');
      const row = await renameLayout(ctx.db, request.office.id, id, name, ctx.now());
      if (!row) throw notFound('No such layout.');
      return layoutInfo(row);
    },
    signedIn,
  );

  serve(
    app,
    ENDPOINTS.deleteLayout,
    async (request) => {
      if (!(await deleteLayout(ctx.db, request.office.id, idParam(request, 'layout'))))
        throw notFound('No such layout.');
      return { ok: true };
    },
    signedIn,
  );

  // An unknown bank is 404 before the body is read, as on the other bank calls; `auto` is a
  // statement of a bank Bahi has no profile for (read with no bank chosen).
  const knownBank = async (request: FastifyRequest) => void bankOrAuto(request);
  serve(
    app,
    ENDPOINTS.downloadXml,
    async (request, reply, body) => {
      const bank = bankOrAuto(request);
      if (body.transactions.length === 0) throw badRequest('No transactions to download.');
      // Built in the server: counted by the hour like the other work (issue 33).
      await countWork(ctx, request.user.id, 'xmlDownload', 1);
      const ledger = body.ledger_name?.trim() || defaultBankLedger(bank, body.acc);
      // Declares only what the known company lacks, with the stored statement's references (issue 12).
      const file = await bankExportXml(ctx.db, request.user.id, {
        rows: body.transactions,
        bankLedger: ledger,
        companyName: body.company_name,
        statementId: body.statement_id,
        includeSent: body.include_sent,
        ledgerGroups: body.ledger_groups,
        newLedgerGroup: body.new_ledger_group,
      });
      await recordDownload(ctx.db, request.user.id, body.company_name, ledger, file, ctx.now());
      const acc = safeFilePart(body.acc, 'account');
      return sendDownload(withLeftOut(reply, file), xmlDownloadName(bank, acc), XML_TYPE, file.xml);
    },
    { preHandler: [requireUser, knownBank] },
  );

  serve(
    app,
    ENDPOINTS.rememberLedgers,
    async (request, _reply, body) => {
      const remembered = await rememberLedgers(ctx.db, request.user.id, body.assignments, ctx.now());
      return { ok: true, remembered };
    },
    signedIn,
  );

  serve(
    app,
    ENDPOINTS.suggestLedgers,
    async (request, _reply, body) => ({
      suggestions: await suggestLedgers(ctx.db, request.user.id, body.descriptions),
    }),
    signedIn,
  );

  serve(
    app,
    ENDPOINTS.forgetLedgers,
    async (request) => {
      await ctx.db.delete(ledgerMemory).where(eq(ledgerMemory.userId, request.user.id));
      return { ok: true as const };
    },
    signedIn,
  );

  // Statements kept on the server (issue 19): GET /statements, /statements/{id}, its rows, ledgers.
  await statementRoutes(app);
};

export default statements;
