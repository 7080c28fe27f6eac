import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, type VoucherRowProblem } from '@bahi/contract';
import { buildManualVouchersXml, validateManualRows } from '@bahi/tally';
import { requireUser } from '../auth/guards.ts';
import { XML_TYPE, sendDownload } from '../download.ts';
import { serve } from '../endpoints.ts';
import { invalid } from '../errors.ts';

// The voucher importer of the Create Vouchers screen (spec section 7, issue 7). A signed-in user is
// required although the specification's screen sends no token (docs/decisions/070-voucher-importer.md).

/** How many incomplete rows the detail names before it says 'and N more'. */
const ROWS_NAMED_IN_DETAIL = 20;

export function rowsRejectedDetail(problems: readonly VoucherRowProblem[]): string {
  const named = problems
    .slice(0, ROWS_NAMED_IN_DETAIL)
    .map((p) => (p.row ? `Row ${p.row}: ${p.problems.join(' ')}` : p.problems.join(' ')));
  const more = problems.length - named.length;
  const head =
    problems.length === 1 && problems[0].row === 0
      ? ''
      : `Nothing was exported: ${problems.length} row${problems.length === 1 ? ' is' : 's are'} incomplete. `;
  return head + named.join(' ') + (more > 0 ? ` And ${more} more row${more === 1 ? '' : 's'}.` : '');
}

const vouchers: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser);

  serve(app, ENDPOINTS.vouchersXml, async (request, reply, body) => {
    // Every row is checked before anything is built, so a file is never exported half-done.
    const problems = validateManualRows(body.rows);
    if (problems.length) {
      request.log.info({ rows: body.rows.length, incomplete: problems.length }, 'voucher rows rejected');
      throw invalid(rowsRejectedDetail(problems), { problems });
    }
    const xml = buildManualVouchersXml({ rows: body.rows, company: body.company_name || undefined });
    request.log.info({ rows: body.rows.length }, 'vouchers.xml generated');
    return sendDownload(reply, 'vouchers.xml', XML_TYPE, xml);
  });
};

export default vouchers;
