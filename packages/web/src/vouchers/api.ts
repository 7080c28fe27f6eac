import { ENDPOINTS, type GenerateVouchersXmlRequest } from '@bahi/contract';
import { callForFile } from '../api/client.ts';
import { exportRows, type EditorRow } from './rows.ts';

/** POST /voucher-importer/generate-xml: the rows as Tally XML, named vouchers.xml. */
export function generateVouchersXml(
  rows: readonly EditorRow[],
  companyName: string,
  companyState = '',
  /** The groups of new ledgers; given (even empty), a new ledger without one is refused (422). */
  ledgerGroups?: Record<string, string>,
) {
  const body: GenerateVouchersXmlRequest = { rows: exportRows(rows) };
  if (ledgerGroups) body.ledger_groups = ledgerGroups;
  if (companyName.trim()) body.company_name = companyName.trim();
  // GST rows need the company's state when the company was not read through the bridge (issue 31).
  if (companyState.trim()) body.company_state = companyState.trim();
  return callForFile(ENDPOINTS.vouchersXml, { json: body }, 'vouchers.xml');
}
