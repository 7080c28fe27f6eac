import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { GenerateXmlRequest, SendToTallyRequest, TallyResponseReport } from '@bahi/contract';
import { requireUser } from '../auth/guards.ts';
import { isUuid } from '../auth/users.ts';
import { HttpError, badRequest, notFound } from '../errors.ts';
import { XML_TYPE, safeFilePart, sendDownload } from '../download.ts';
import { rowsToXml } from '../statements/shape.ts';
import { tallyExports } from '../statements/tables.ts';

// Tally calls of spec section 7 under /api/tally. The server builds and keeps the XML; the
// bookkeeper's `bahi bridge` (on the office network) is what posts it to TallyPrime, so
// send-to-tally answers the XML and its id, and the web app hands it to the bridge.

// Storage (issue 18: each 9 MB send-to-tally stored ~24 MB, with no quota or expiry): an export's
// XML is kept for EXPORT_RETENTION_DAYS, and each user's kept XML is bounded in bytes and count;
// a new export makes room by dropping that user's oldest ones.
export const EXPORT_RETENTION_DAYS = 30;
const MB = 1024 * 1024;
export const EXPORT_QUOTA = { bytes: 64 * MB, count: 200 };

const tally: FastifyPluginAsync = async (app) => {
  const ctx = app.bahi;
  app.addHook('preHandler', requireUser);

  app.post('/generate-xml', async (request, reply) => {
    const ledger = String((request.query as { ledger_name?: unknown }).ledger_name ?? '').trim();
    if (!ledger) throw badRequest('Please enter a ledger name.');
    const rows = GenerateXmlRequest.parse(request.body);
    if (rows.length === 0) throw badRequest('No transactions to download.');
    const { xml, vouchers } = rowsToXml(rows, ledger);
    if (vouchers === 0) throw badRequest('No transactions with a date and an amount to download.');
    return sendDownload(reply, `tally_export_${safeFilePart(ledger, 'ledger')}.xml`, XML_TYPE, xml);
  });

  const keptSince = () => new Date(ctx.now().getTime() - EXPORT_RETENTION_DAYS * 24 * 3600 * 1000);

  /** Drop every export past retention, and this user's oldest until `incoming` more bytes fit the quota. */
  async function makeRoom(userId: string, incoming: number): Promise<void> {
    await ctx.db.delete(tallyExports).where(lt(tallyExports.createdAt, keptSince()));
    const kept = await ctx.db
      .select({ id: tallyExports.id, bytes: sql<number>`octet_length(${tallyExports.xml})` })
      .from(tallyExports)
      .where(eq(tallyExports.userId, userId))
      .orderBy(asc(tallyExports.createdAt));
    let bytes = kept.reduce((n, r) => n + Number(r.bytes), 0) + incoming;
    let count = kept.length + 1;
    for (const r of kept) {
      if (bytes <= EXPORT_QUOTA.bytes && count <= EXPORT_QUOTA.count) break;
      await ctx.db.delete(tallyExports).where(eq(tallyExports.id, r.id));
      bytes -= Number(r.bytes);
      count--;
    }
  }

  app.post('/send-to-tally', async (request) => {
    const body = SendToTallyRequest.parse(request.body);
    const { xml, vouchers } = rowsToXml(body.transactions, body.ledger_name, body.company_name);
    if (vouchers === 0) throw badRequest('No transactions to send.');
    const bytes = Buffer.byteLength(xml);
    if (bytes > EXPORT_QUOTA.bytes) {
      throw new HttpError(413, 'The export is too large to keep. Send fewer transactions at a time.');
    }
    await makeRoom(request.user.id, bytes);
    const [row] = await ctx.db
      .insert(tallyExports)
      .values({
        userId: request.user.id,
        ledgerName: body.ledger_name,
        companyName: body.company_name,
        vouchers,
        xml,
        // The app's clock, which retention is measured by.
        createdAt: ctx.now(),
      })
      .returning({ id: tallyExports.id });
    return { ok: true, xml_id: row.id, vouchers, xml };
  });

  const mine = (id: string, userId: string) =>
    and(eq(tallyExports.id, id), eq(tallyExports.userId, userId), gte(tallyExports.createdAt, keptSince()));

  app.get('/exports/:id', async (request) => {
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw notFound('No such export.');
    const [row] = await ctx.db.select().from(tallyExports).where(mine(id, request.user.id));
    if (!row) throw notFound('No such export.');
    return {
      id: row.id,
      ledger_name: row.ledgerName,
      company_name: row.companyName,
      vouchers: row.vouchers,
      xml: row.xml,
      tally_response: row.tallyResponse ?? null,
      created_at: row.createdAt.toISOString(),
    };
  });

  // The web app reports what the bridge answered, so History can show Tally's answer.
  app.post('/exports/:id/response', async (request) => {
    const { id } = request.params as { id: string };
    if (!isUuid(id)) throw notFound('No such export.');
    const report = TallyResponseReport.parse(request.body);
    const updated = await ctx.db
      .update(tallyExports)
      .set({ tallyResponse: report })
      .where(mine(id, request.user.id))
      .returning({ id: tallyExports.id });
    if (updated.length === 0) throw notFound('No such export.');
    return { ok: true };
  });
};

export default tally;
