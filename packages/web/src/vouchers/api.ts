import type { GenerateVouchersXmlRequest } from '@bahi/contract';
import { apiBlob } from '../api/client.ts';
import { exportRows, type EditorRow } from './rows.ts';

/** POST /voucher-importer/generate-xml: the rows as Tally XML, named vouchers.xml. */
export function generateVouchersXml(rows: readonly EditorRow[], companyName: string) {
  const body: GenerateVouchersXmlRequest = { rows: exportRows(rows) };
  if (companyName.trim()) body.company_name = companyName.trim();
  return apiBlob('/voucher-importer/generate-xml', { body: { json: body } }, 'vouchers.xml');
}
