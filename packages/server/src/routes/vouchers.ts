import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS, type TallyCompanyAnswer, type VoucherRowProblem } from '@bahi/contract';
import {
  buildManualVouchersXml,
  TallyError,
  validateManualRows,
  type ManualVouchersInput,
} from '@bahi/tally';
import { requireUser } from '../auth/guards.ts';
import { XML_TYPE, sendDownload } from '../download.ts';
import { serve } from '../endpoints.ts';
import { invalid } from '../errors.ts';
import { groupsToChoose } from '../tally/bank-export.ts';
import { loadCompany, taxLedgersOf } from '../tally/company.ts';
import { countWork } from '../statements/work-limits.ts';

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

/**
 * A ledger's group, or 'Bank Accounts' when its group is one of the company's own under Bank
 * Accounts or Bank OD A/c (a sub-group such as 'Current Accounts'): the builder gives bank ledgers
 * their bank allocation by group.
 */
function bankGroupOf(company: TallyCompanyAnswer, group: string): string {
  const parents = new Map(company.groups.map((g) => [g.name.trim().toLowerCase(), g.parent.trim()]));
  let at = group.trim();
  for (let hops = 0; at && hops < 20; hops++) {
    if (/^bank (accounts|od a\/c|occ a\/c)$/i.test(at)) return 'Bank Accounts';
    at = parents.get(at.toLowerCase()) ?? '';
  }
  return group;
}

/**
 * The builder, its refusal of an ungrouped new ledger answered with the ledgers to group and the
 * groups to choose from (422), as the office push answers: the Create Vouchers screen asks them.
 */
function manualXml(input: ManualVouchersInput, company: TallyCompanyAnswer | undefined): string {
  try {
    return buildManualVouchersXml(input);
  } catch (err) {
    const ledgers = (err as { ledgers?: string[] }).ledgers;
    if (err instanceof TallyError && err.code === 'ledger_group_needed' && ledgers)
      throw invalid(err.userMessage, { new_ledgers: ledgers.slice(0, 200), groups: groupsToChoose(company) });
    throw err;
  }
}

const vouchers: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser);

  serve(app, ENDPOINTS.vouchersXml, async (request, reply, body) => {
    // Built in the server: counted by the hour with the other Download XML calls (issue 33).
    await countWork(app.bahi, request.user.id, 'xmlDownload', 1);
    // Every row is checked before anything is built, so a file is never exported half-done.
    const problems = validateManualRows(body.rows);
    if (problems.length) {
      request.log.info({ rows: body.rows.length, incomplete: problems.length }, 'voucher rows rejected');
      throw invalid(rowsRejectedDetail(problems), { problems });
    }
    // The company read through the bridge or a masters file: its ledgers are never declared, its
    // bank ledgers carry bank allocations, its state and output tax ledgers serve GST rows.
    const company = body.company_name
      ? await loadCompany(app.bahi.db, request.office.id, body.company_name)
      : undefined;
    const xml = manualXml(
      {
        rows: body.rows,
        company: body.company_name || undefined,
        // Masters declared (issue 31): those the company lacks, under the group chosen or given by
        // their role. A caller in the specification's shape names no groups: a ledger with none is
        // left undeclared, as every ledger was before, never put under Suspense A/c. Without the
        // company read and without groups named, what it lacks is unknown: the file carries vouchers
        // only (decision 070), since a master sent that Tally has may be refused or altered (037 #6)
        withMasters: company !== undefined || body.ledger_groups !== undefined,
        ungrouped: body.ledger_groups ? 'refuse' : 'omit',
        ledgerGroups: body.ledger_groups,
        companyLedgers: company?.ledgers.map((l) => ({
          name: l.name,
          parent: bankGroupOf(company, l.parent),
        })),
        companyState: body.company_state || company?.company.state || undefined,
        tallyVersion: company?.company.version || undefined,
        taxLedgers: taxLedgersOf(company),
      },
      company,
    );
    request.log.info({ rows: body.rows.length }, 'vouchers.xml generated');
    return sendDownload(reply, 'vouchers.xml', XML_TYPE, xml);
  });
};

export default vouchers;
