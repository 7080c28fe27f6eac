// A client's month report (issue 35, decision 055): on screen and as an XLSX workbook.
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, MonthReportQuery } from '@bahi/contract';
import { requireUser } from '../auth/guards.ts';
import type { Db } from '../db/index.ts';
import { safeFilePart, sendDownload, XLSX_TYPE } from '../download.ts';
import { serve } from '../endpoints.ts';
import { notFound } from '../errors.ts';
import { clientMonthReport, monthReportXlsx } from '../office/report.ts';
import { officeClients } from '../office/tables.ts';
import { idParam } from './params.ts';

async function ownClient(db: Db, userId: string, id: string) {
  const [c] = await db
    .select()
    .from(officeClients)
    .where(and(eq(officeClients.id, id), eq(officeClients.userId, userId)));
  if (!c) throw notFound('No such client.');
  return c;
}

const reports: FastifyPluginAsync = async (app) => {
  const { db } = app.bahi;
  app.addHook('preHandler', requireUser);

  serve(app, ENDPOINTS.monthReport, async (request) => {
    const { month } = MonthReportQuery.parse(request.query ?? {});
    const c = await ownClient(db, request.user.id, idParam(request, 'client'));
    return clientMonthReport(db, c, month);
  });

  serve(app, ENDPOINTS.monthReportXlsx, async (request, reply) => {
    const { month } = MonthReportQuery.parse(request.query ?? {});
    const c = await ownClient(db, request.user.id, idParam(request, 'client'));
    const bytes = monthReportXlsx(await clientMonthReport(db, c, month));
    return sendDownload(
      reply,
      `${safeFilePart(c.name, 'client')}_${month}_report.xlsx`,
      XLSX_TYPE,
      Buffer.from(bytes),
    );
  });
};

export default reports;
