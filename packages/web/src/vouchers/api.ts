import { ENDPOINTS, type GenerateVouchersXmlRequest } from '@bahi/contract';
import { callForFile } from '../api/client.ts';
import { exportRows, type EditorRow } from './rows.ts';

/** POST /voucher-importer/generate-xml: the rows as Tally XML, named vouchers.xml. */
export function generateVouchersXml(rows: readonly EditorRow[], companyName: string) {
  const body: GenerateVouchersXmlRequest = { rows: exportRows(rows) };
  if (companyName.trim()) body.company_name = companyName.trim();
  return callForFile(ENDPOINTS.vouchersXml, { json: body }, 'vouchers.xml');
}
