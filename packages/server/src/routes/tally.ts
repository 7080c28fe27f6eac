import { Readable } from 'node:stream';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ENDPOINTS,
  TALLY_PART_VOUCHERS,
  TallyCompanySnapshot,
  TallyMastersFileFields,
  TallyPushVoucherState,
  type PushPlanRequest,
  type TallyPartResult,
} from '@bahi/contract';
import { buildMt940, keptFacts } from '@bahi/tally';
import {
  exportPart,
  exportPartsXml,
  jsonWithPieces,
  partsOfKept,
  wholeXmlPieces,
} from '../tally/export-parts.ts';
import { readMastersInReader } from '@bahi/statements';
import { requireUser } from '../auth/guards.ts';
import { isUuid } from '../auth/users.ts';
import { HttpError, badRequest, notFound } from '../errors.ts';
import { XML_TYPE, safeFilePart, sendDownload } from '../download.ts';
import { serve } from '../endpoints.ts';
import { fileOf, withForm } from '../multipart.ts';
import { tallyExports } from '../statements/tables.ts';
import {
  bankExportPlan,
  bankExportXml,
  statementTransactions,
  type BankExportInput,
} from '../tally/bank-export.ts';
import { loadCompany, saveCompany } from '../tally/company.ts';
import { carryBookPush, confirmBookRows } from '../office/pushes.ts';
import { listPushes, nothingToSendAgain, pushDetail, sendAgainFile } from '../tally/pushes.ts';
import { confirmSent, nothingNew, recordDownload, tallyTookAll, withLeftOut } from '../tally/sent-routes.ts';
import { recordVouchers, withMovements } from '../tally/sent.ts';
import { countWork, withReadSlot } from '../statements/work-limits.ts';
import { EXPORT_QUOTA, EXPORT_RETENTION_DAYS, makeExportRoom } from '../tally/export-quota.ts';

// Tally calls of spec section 7 (/api/tally/...), registered from the contract's endpoints; a
// TallyError is answered through the one error map (errors.ts). The server builds and keeps the XML; the
// bookkeeper's `bahi bridge` (on the office network) is what posts it to TallyPrime, so
// send-to-tally answers the XML and its id, and the web app hands it to the bridge.

// Storage (issue 18: each 9 MB send-to-tally stored ~24 MB, with no quota or expiry): an export's
// XML is kept for EXPORT_RETENTION_DAYS, and each user's kept XML is bounded in bytes and count;
// a new export makes room by dropping that user's oldest ones.
export { EXPORT_RETENTION_DAYS, EXPORT_QUOTA } from '../tally/export-quota.ts';
/** MT940 is plain text (SWIFT's character set). */
const MT940_TYPE = 'text/plain; charset=us-ascii';

/** Send to Tally's body (or its plan's) as the export takes it: the same file either way. */
const exportInput = (body: PushPlanRequest): BankExportInput => ({
  rows: body.transactions,
  bankLedger: body.ledger_name,
  companyName: body.company_name,
  statementId: body.statement_id,
  includeSent: body.include_sent,
  held: body.held,
  ledgerGroups: body.ledger_groups,
  newLedgerGroup: body.new_ledger_group,
});

const tally: FastifyPluginAsync = async (app) => {
  const ctx = app.bahi;
  app.addHook('preHandler', requireUser);

  serve(app, ENDPOINTS.tallyXml, async (request, reply, rows) => {
    const ledger = String((request.query as { ledger_name?: unknown }).ledger_name ?? '').trim();
    if (!ledger) throw badRequest('Please enter a ledger name.');
    if (rows.length === 0) throw badRequest('No transactions to download.');
    await countWork(ctx, request.user.id, 'xmlDownload', 1);
    const includeSent = ['1', 'true'].includes(
      String((request.query as { include_sent?: unknown }).include_sent),
    );
    // The body is the rows alone: a group for new ledgers comes as ?new_ledger_group= (issue 31).
    const group = String((request.query as { new_ledger_group?: unknown }).new_ledger_group ?? '').trim();
    const file = await bankExportXml(ctx.db, request.user.id, {
      rows,
      bankLedger: ledger,
      includeSent,
      newLedgerGroup: group.slice(0, 200) || undefined,
    });
    await recordDownload(ctx.db, request.user.id, undefined, ledger, file, ctx.now());
    return sendDownload(
      withLeftOut(reply, file),
      `tally_export_${safeFilePart(ledger, 'ledger')}.xml`,
      XML_TYPE,
      file.xml,
    );
  });

  const keptSince = () => new Date(ctx.now().getTime() - EXPORT_RETENTION_DAYS * 24 * 3600 * 1000);

  /** Drop every export past retention, and this user's oldest until `incoming` more bytes fit the quota. */
  const makeRoom = (userId: string, incoming: number) => makeExportRoom(ctx.db, userId, incoming, ctx.now());

  // The company as the office last read it (bridge or masters file), so the XML declares only the
  // ledgers it lacks (issue 12): a ledger Tally has is never sent, not even create-only. Kept per
  // office (decision 057): what a member reads, every member and the office's push see.
  // null, not 404, when none is read yet: a screen without a company is not a failure.
  serve(app, ENDPOINTS.tallyCompany, async (request) => {
    const name = String((request.query as { name?: unknown }).name ?? '').slice(0, 200);
    return (await loadCompany(ctx.db, request.office.id, name || undefined)) ?? null;
  });

  // What the bridge read from TallyPrime (POST /company on the bridge), kept for the office.
  serve(app, ENDPOINTS.saveTallyCompany, async (request, _reply, snapshot) => {
    if (!snapshot.company.name) throw badRequest('The company has no name.');
    return saveCompany(ctx.db, request.office.id, snapshot, ctx.now());
  });

  // Without a bridge: a masters export file (List of Accounts / Export > Masters, XML).
  serve(app, ENDPOINTS.tallyCompanyFile, async (request) => {
    // The file is streamed to disk as it arrives and piped from there to its reader (issue 33: it
    // was held whole, up to 25 MB, while it waited), and removed when it has been read.
    const { fields, read } = await withForm(
      request,
      'Send the masters file as multipart form data (field "file").',
      async (form) => {
        const file = fileOf(form, 'file');
        if (!file) throw badRequest('Choose the XML file TallyPrime exported.');
        const fields = TallyMastersFileFields.parse(form.fields);
        // Parsed in a reader process, under its time and memory limits and a tag cap (issue 33); a
        // file that is not a masters export is answered 422 with its words (errors.ts).
        const read = await withReadSlot(ctx, request.user.id, 'masters', () =>
          readMastersInReader(file, { owner: request.user.id }),
        );
        return { fields, read };
      },
    );
    const company = {
      ...read.company,
      name: read.company.name || fields.company_name || '',
      state: read.company.state || fields.state || '',
      gstin: read.company.gstin || fields.gstin?.toUpperCase() || '',
    };
    if (!company.name) throw badRequest('The file does not name the company: please enter its name.');
    const snapshot = TallyCompanySnapshot.parse({ ...read, company, loaded: [company.name] });
    return saveCompany(ctx.db, request.office.id, snapshot, ctx.now());
  });

  serve(app, ENDPOINTS.sendToTally, async (request, _reply, body) => {
    // Built in the server like a book's push, and counted with them by the hour (issue 33).
    // (the office's hour, as the book's push: decision 057)
    await countWork(ctx, request.office.id, 'push', 1);
    const file = await bankExportXml(ctx.db, request.user.id, exportInput(body));
    const { xml, vouchers } = file;
    // What Tally was found to hold is recorded as sent: later pushes need not ask again.
    await recordVouchers(
      ctx.db,
      { userId: request.user.id, company: body.company_name, ledger: body.ledger_name },
      withMovements(file.inTally, file.movementOf),
      'sent',
      null,
      ctx.now(),
    );
    if (vouchers === 0) throw nothingNew(file, 'No transactions to send.');
    const xmlId = await keepExport(request.user.id, {
      ledgerName: body.ledger_name,
      companyName: body.company_name,
      vouchers,
      xml,
    });
    // `?xml=none`: the web app pushes by id in parts, and 20,000 vouchers are ~25 MB it need not download.
    const withXml = (request.query as { xml?: unknown }).xml !== 'none';
    const parts = Math.max(1, Math.ceil(vouchers / TALLY_PART_VOUCHERS));
    // Nothing is recorded as sent here: only Tally's answer does that (the response route below).
    return {
      ok: true,
      xml_id: xmlId,
      vouchers,
      parts,
      xml: withXml ? xml : '',
      already_sent: file.alreadySent,
      already_downloaded: file.alreadyDownloaded,
      already_in_tally: file.inTally.length,
    };
  });

  /** Keeps an export's XML for the bridge, within the user's quota (makeRoom); its id. */
  async function keepExport(
    userId: string,
    values: { ledgerName: string; companyName: string; vouchers: number; xml: string },
  ): Promise<string> {
    const bytes = Buffer.byteLength(values.xml);
    if (bytes > EXPORT_QUOTA.bytes) {
      throw new HttpError('TOO_LARGE', 'The export is too large to keep. Send fewer transactions at a time.');
    }
    await makeRoom(userId, bytes);
    const [row] = await ctx.db
      .insert(tallyExports)
      // The app's clock, which retention is measured by.
      // Its voucher ids and days beside the XML: the list of pushes reads no XML (issue 31).
      .values({ userId, ...values, ...keptFacts(values.xml), createdAt: ctx.now() })
      .returning({ id: tallyExports.id });
    return row.id;
  }

  /** `?offset=&limit=` within bounds. */
  function pageOf(request: { query: unknown }, fallback: number, max: number) {
    const q = request.query as { offset?: unknown; limit?: unknown };
    const offset = Math.max(0, Math.floor(Number(q.offset ?? 0)) || 0);
    const limit = Math.min(max, Math.max(1, Math.floor(Number(q.limit ?? fallback)) || fallback));
    return { offset, limit };
  }

  // The pushes kept, newest first, with how many of each one's vouchers are in Tally (issue 31).
  serve(app, ENDPOINTS.tallyPushes, async (request) =>
    listPushes(ctx.db, request.user.id, keptSince(), pageOf(request, 20, 100)),
  );

  // One push: its parts' answers and its vouchers, each in Tally, not taken, or not answered.
  serve(app, ENDPOINTS.tallyPush, async (request) => {
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw notFound('No such push.');
    const raw = (request.query as { state?: unknown }).state;
    const state =
      raw === undefined || raw === ''
        ? undefined
        : TallyPushVoucherState.or(z.literal('waiting')).safeParse(raw);
    if (state && !state.success) throw badRequest('state is in_tally, not_taken, no_answer or waiting.');
    return pushDetail(ctx.db, request.user.id, id, keptSince(), {
      state: state?.data,
      ...pageOf(request, 200, 1000),
    });
  });

  // Send again what Tally did not take: a new push of those vouchers alone, for the bridge.
  serve(app, ENDPOINTS.tallySendAgain, async (request, _reply, body) => {
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw notFound('No such push.');
    const userId = request.user.id;
    // A new file built in the server like a push (after Tally refused or left out some of the
    // first): counted with the pushes by the hour, a refusal ("nothing to send again") too.
    await countWork(ctx, request.office.id, 'push', 1);
    const again = await sendAgainFile(ctx.db, userId, id, keptSince(), body.held);
    const scope = { userId, company: again.row.companyName, ledger: again.row.ledgerName };
    // What Tally was found to hold is recorded as sent, as Send to Tally does.
    await recordVouchers(
      ctx.db,
      scope,
      withMovements(again.inTally, again.movementOf),
      'sent',
      null,
      ctx.now(),
    );
    if (again.subset.vouchers === 0) {
      // An office push's rows all of whose vouchers are in Tally now are marked pushed.
      await confirmBookRows(ctx.db, id, { userId, company: again.row.companyName }, ctx.now());
      throw nothingToSendAgain(again);
    }
    const xmlId = await keepExport(userId, {
      ledgerName: again.row.ledgerName,
      companyName: again.row.companyName,
      vouchers: again.subset.vouchers,
      xml: again.subset.xml,
    });
    // An office push's rows follow their vouchers to the new push: its answer marks them pushed.
    await ctx.db.transaction((tx) =>
      carryBookPush(
        tx,
        { exportId: id, userId, company: again.row.companyName },
        { exportId: xmlId, vouchers: again.subset.vouchers },
        ctx.now(),
      ),
    );
    return {
      ok: true as const,
      xml_id: xmlId,
      vouchers: again.subset.vouchers,
      parts: Math.max(1, Math.ceil(again.subset.vouchers / TALLY_PART_VOUCHERS)),
      already_sent: again.alreadySent,
      already_downloaded: again.alreadyDownloaded,
      already_in_tally: again.inTally.length,
    };
  });

  // What Send to Tally or Download XML of these rows would do, said before (issue 31): nothing is kept.
  serve(app, ENDPOINTS.tallyPushPlan, async (request, _reply, body) =>
    bankExportPlan(ctx.db, request.user.id, exportInput(body)),
  );

  // The statement as TallyPrime's bank-statement file (MT940) for its auto reconciliation (issue 31):
  // nothing is recorded, it creates no voucher. A statement whose balances do not chain is refused.
  serve(app, ENDPOINTS.tallyBankStatementFile, async (request, reply, body) => {
    const { transactions } = await statementTransactions(
      ctx.db,
      request.user.id,
      body.transactions,
      body.statement_id,
    );
    const sta = buildMt940({ accountNumber: body.acc, transactions });
    return sendDownload(reply, `statement_${safeFilePart(body.acc, 'account')}.sta`, MT940_TYPE, sta);
  });

  /** `?part=N` as a part number, undefined without it; 400 when it is not one. */
  function partOf(request: { query: unknown }): number | undefined {
    const raw = (request.query as { part?: unknown }).part;
    if (raw === undefined) return undefined;
    const part = Number(raw);
    if (!Number.isInteger(part) || part < 0) throw badRequest('part is not a part number.');
    return part;
  }

  /**
   * The export `id` of the person, or of the office they work in (issue 35: a member's push of a
   * client's book is the office's export, and the member hands it to the bridge and reports back).
   */
  const mine = (id: string, request: FastifyRequest) =>
    and(
      eq(tallyExports.id, id),
      inArray(tallyExports.userId, [request.user.id, request.office.id]),
      gte(tallyExports.createdAt, keptSince()),
    );

  serve(app, ENDPOINTS.tallyExport, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw notFound('No such export.');
    const part = partOf(request);
    const [row] = await ctx.db.select().from(tallyExports).where(mine(id, request));
    if (!row) throw notFound('No such export.');
    if (part !== undefined) {
      // One part: a complete import of its own, masters in the first (issue 19, docs/decisions/036);
      // an office push's part is read alone, as it was kept (issue 33).
      const piece = await exportPart(ctx.db, row, part);
      if (!piece) throw notFound(`The export has ${partsOfKept(row)} part(s).`);
      return {
        id: row.id,
        part,
        parts: piece.parts,
        vouchers: piece.vouchers,
        total_vouchers: piece.totalVouchers,
        xml: piece.xml,
      };
    }
    const answer = {
      id: row.id,
      ledger_name: row.ledgerName,
      company_name: row.companyName,
      vouchers: row.vouchers,
      xml: '',
      tally_response: row.tallyResponse ?? null,
      created_at: row.createdAt.toISOString(),
    };
    if (row.parts === null) return { ...answer, xml: row.xml };
    // An office push kept in parts (Download): the same JSON, its file written a part at a time as
    // the parts are read (issue 33: joined, up to 48 MB was one string in the server).
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send(Readable.from(jsonWithPieces(answer, 'xml', wholeXmlPieces(ctx.db, row))));
  });

  // The web app reports what the bridge answered, so History can show Tally's answer.
  serve(app, ENDPOINTS.tallyExportResponse, async (request, _reply, report) => {
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw notFound('No such export.');
    const part = partOf(request);
    if (part === undefined) {
      const updated = await ctx.db
        .update(tallyExports)
        .set({ tallyResponse: report })
        .where(mine(id, request))
        .returning({
          id: tallyExports.id,
          xml: tallyExports.xml,
          parts: tallyExports.parts,
          vouchers: tallyExports.vouchers,
          userId: tallyExports.userId,
        });
      if (updated.length === 0) throw notFound('No such export.');
      // A push kept in parts: its vouchers recorded a part's row at a time, never joined (issue 33).
      const kept = updated[0];
      if (tallyTookAll(report))
        await confirmSent(
          ctx.db,
          kept.userId,
          id,
          kept.parts === null ? kept.xml : (tx) => exportPartsXml(tx, kept),
          ctx.now(),
        );
      return { ok: true as const };
    }
    // A push in parts: each part's answer is kept beside the others, and the export is ok only when
    // every part sent so far is. A part sent again (a resumed push) replaces its earlier answer.
    const [row] = await ctx.db
      .select({
        tallyResponse: tallyExports.tallyResponse,
        vouchers: tallyExports.vouchers,
        xml: tallyExports.xml,
        parts: tallyExports.parts,
        userId: tallyExports.userId,
        id: tallyExports.id,
      })
      .from(tallyExports)
      .where(mine(id, request));
    if (!row) throw notFound('No such export.');
    // The part's vouchers are recorded as sent only when Tally's answer accounts for every one of them.
    if (tallyTookAll(report)) {
      const piece = await exportPart(ctx.db, row, part);
      if (piece) await confirmSent(ctx.db, row.userId, id, piece.xml, ctx.now());
    }
    const kept = (row.tallyResponse ?? {}) as { parts?: TallyPartResult[] };
    const tally = report.tally_response ?? undefined;
    const line: TallyPartResult = {
      part,
      ok: report.ok && report.status !== 'error',
      vouchers: Math.max(0, Math.min(TALLY_PART_VOUCHERS, row.vouchers - part * TALLY_PART_VOUCHERS)),
      created: tally?.created ?? 0,
      altered: tally?.altered ?? 0,
      detail: report.detail,
      problems: (tally?.problems ?? []).slice(0, 20),
    };
    const parts = [...(kept.parts ?? []).filter((p) => p.part !== part), line].sort(
      (a, b) => a.part - b.part,
    );
    const total = Math.max(1, Math.ceil(row.vouchers / TALLY_PART_VOUCHERS));
    const merged = {
      ok: parts.length === total && parts.every((p) => p.ok),
      status: parts.every((p) => p.ok) ? (parts.length === total ? 'success' : 'partial') : 'error',
      parts,
      tally_response: tally ? { ...tally, raw: (tally.raw ?? '').slice(0, 4096) } : undefined,
      detail: report.detail,
    };
    await ctx.db.update(tallyExports).set({ tallyResponse: merged }).where(mine(id, request));
    return { ok: true as const, parts: parts.length, of: total };
  });
};

export default tally;
