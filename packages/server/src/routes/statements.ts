import { createHash } from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isBankCode, pagesForExtraction, type BankCode, type StatementFormat } from '@bahi/core';
import { DownloadXmlRequest, LedgerAssignments, SuggestRequest, type ExtractAnswer } from '@bahi/contract';
import {
  checkPassword,
  closePool,
  extractStatement,
  isStatementError,
  type Extraction,
} from '@bahi/statements';
import { requireUser } from '../auth/guards.ts';
import { signedInUser, tokenFor } from '../auth/users.ts';
import { balance, grantPages, notEnoughPages } from '../credits.ts';
import { extractions, pageLedger } from '../db/schema.ts';
import { ledgerMemory } from '../statements/tables.ts';
import { HttpError, badRequest, fileFailure, notFound } from '../errors.ts';
import { rememberLedgers, suggestLedgers } from '../statements/ledger-memory.ts';
import {
  bankDetected,
  defaultLedger,
  fallbackAccounts,
  reconciliationInfo,
  rowsToXml,
  statementInfo,
  toRow,
  xmlPreview,
} from '../statements/shape.ts';
import { checkStatementKind, readUpload } from '../statements/upload.ts';
import { withReadSlot } from '../statements/work-limits.ts';
import { XML_TYPE, safeFilePart, sendDownload } from '../download.ts';

// Bank statement calls of spec section 7: /{bank}/check-password, /{bank}/extract-statement and
// /{bank}/download-xml for every bank code (case-insensitive), plus ledger memory. Files stay in
// memory; passwords are used for the one call and never logged or stored.

/** Re-reading the same file (same SHA-256) within this long costs nothing (DESIGN: pages). */
export const FREE_REPEAT_MS = 24 * 3600 * 1000;

function bankOf(request: FastifyRequest): BankCode {
  const raw = String((request.params as { bank?: string }).bank ?? '').toUpperCase();
  if (!isBankCode(raw)) throw notFound('Unknown bank.');
  return raw;
}

/** A statement failure as { detail, code } (the screens tell a wrong password from the rest by code). */
function statementFailure(err: unknown): never {
  if (!isStatementError(err)) throw err;
  throw fileFailure(err.code, err.userMessage, `${err.code}: ${err.logMessage}`);
}

function billingFormat(format: Extraction['format']): StatementFormat {
  return format === 'pdf' || format === 'pdf-scanned' ? 'pdf' : format;
}

const statements: FastifyPluginAsync = async (app) => {
  const ctx = app.bahi;
  // The worker threads of @bahi/statements stop with the server.
  app.addHook('onClose', async () => closePool());

  app.post('/:bank/check-password', { preHandler: requireUser }, async (request) => {
    bankOf(request);
    const upload = await readUpload(request);
    try {
      checkStatementKind(upload);
      const userId = request.user.id;
      return await withReadSlot(ctx, userId, 'checkPassword', () =>
        checkPassword(upload.bytes, { owner: userId }),
      );
    } catch (err) {
      statementFailure(err);
    }
  });

  app.post('/:bank/extract-statement', { preHandler: requireUser }, async (request) => {
    const bank = bankOf(request);
    const upload = await readUpload(request);
    const query = request.query as { password?: unknown };
    const password = (typeof query.password === 'string' && query.password) || upload.password || undefined;
    const userId = request.user.id;
    const ref = `statement:${createHash('sha256').update(upload.bytes).digest('hex')}`;

    const since = new Date(ctx.now().getTime() - FREE_REPEAT_MS);
    const [paidBefore] = await ctx.db
      .select({ id: pageLedger.id })
      .from(pageLedger)
      .where(
        and(
          eq(pageLedger.userId, userId),
          eq(pageLedger.kind, 'spend'),
          eq(pageLedger.ref, ref),
          gte(pageLedger.createdAt, since),
        ),
      )
      .limit(1);
    const free = Boolean(paidBefore);
    // Refuse before the work when nothing at all is left; the exact cost is known only after reading.
    const have = free ? 1 : await balance(ctx.db, userId);
    if (have < 1) throw new HttpError(402, notEnoughPages(1, have, true));

    let extraction: Extraction;
    try {
      extraction = await withReadSlot(ctx, userId, 'extract', () =>
        extractStatement(upload.bytes, { password, bank, fileName: upload.fileName, owner: userId }),
      );
    } catch (err) {
      statementFailure(err);
    }
    const { result } = extraction;
    const first = result.accounts[0];
    if (!first || first.transactions.length === 0) {
      throw fileFailure('NO_TRANSACTIONS', 'No transactions were found in this file.');
    }
    const rowCount = result.accounts.reduce((n, a) => n + a.transactions.length, 0);
    const cost = pagesForExtraction({
      format: billingFormat(extraction.format),
      pdfPages: extraction.pages,
      transactions: rowCount,
    });
    const charged = free ? 0 : cost;

    // Spend and history in one transaction: both happen or neither (402 leaves nothing behind).
    await ctx.db.transaction(async (tx) => {
      if (charged > 0) await grantPages(tx, userId, -charged, 'spend', ref);
      await tx.insert(extractions).values({
        userId,
        fileName: upload.fileName.slice(0, 200),
        bank: result.bank,
        pages: charged,
        rows: rowCount,
      });
    });
    const user = await signedInUser(ctx.db, userId);
    request.log.info(
      {
        bank: result.bank,
        requested: bank,
        format: extraction.format,
        rows: rowCount,
        charged,
        ms: extraction.meta.ms,
      },
      'statement extracted',
    );

    const answer: ExtractAnswer = {
      transactions: first.transactions.map(toRow),
      xml_preview: xmlPreview(result.bank, first),
      statement_info: statementInfo(result.bank, first),
      fallback_accounts: fallbackAccounts(result.accounts),
      reconciliation: reconciliationInfo(first),
      bank_detected: bankDetected(result),
      pages: charged,
      page_left: user.pagesLeft,
      access_token: await tokenFor(ctx, user, request.user.session),
      format: extraction.format,
    };
    return answer;
  });

  app.post('/:bank/download-xml', { preHandler: requireUser }, async (request, reply) => {
    const bank = bankOf(request);
    const body = DownloadXmlRequest.parse(request.body);
    if (body.transactions.length === 0) throw badRequest('No transactions to download.');
    const ledger = body.ledger_name?.trim() || defaultLedger(bank, body.acc);
    const { xml, vouchers } = rowsToXml(body.transactions, ledger, body.company_name);
    if (vouchers === 0) throw badRequest('No transactions with a date and an amount to download.');
    const acc = safeFilePart(body.acc, 'account');
    const name = bank === 'BOB' ? `bob_statement_${acc}.xml` : `statement_${acc}.xml`;
    return sendDownload(reply, name, XML_TYPE, xml);
  });

  app.post('/ledger-memory', { preHandler: requireUser }, async (request) => {
    const body = LedgerAssignments.parse(request.body);
    const remembered = await rememberLedgers(ctx.db, request.user.id, body.assignments, ctx.now());
    return { ok: true, remembered };
  });

  app.post('/ledger-memory/suggest', { preHandler: requireUser }, async (request) => {
    const body = SuggestRequest.parse(request.body);
    return { suggestions: await suggestLedgers(ctx.db, request.user.id, body.descriptions) };
  });

  app.delete('/ledger-memory', { preHandler: requireUser }, async (request) => {
    await ctx.db.delete(ledgerMemory).where(eq(ledgerMemory.userId, request.user.id));
    return { ok: true };
  });
};

export default statements;
