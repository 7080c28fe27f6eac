// A client's month report (issue 35, decision 055): on screen and as an XLSX workbook.
import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, MonthReportQuery } from '@bahi/contract';
import { requireUser } from '../auth/guards.ts';
import { safeFilePart, sendDownload, XLSX_TYPE } from '../download.ts';
import { serve } from '../endpoints.ts';
import { clientMonthReport, monthReportXlsx } from '../office/report.ts';
import { clientFor } from '../office/team.ts';
import { idParam } from './params.ts';

const reports: FastifyPluginAsync = async (app) => {
  const { db } = app.bahi;
  app.addHook('preHandler', requireUser);

  serve(app, ENDPOINTS.monthReport, async (request) => {
    const { month } = MonthReportQuery.parse(request.query ?? {});
    const c = await clientFor(db, request, idParam(request, 'client'), 'see');
    return clientMonthReport(db, c, month);
  });

  serve(app, ENDPOINTS.monthReportXlsx, async (request, reply) => {
    const { month } = MonthReportQuery.parse(request.query ?? {});
    const c = await clientFor(db, request, idParam(request, 'client'), 'see');
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
