import { el, leaf, serializeXml, type XmlElement } from './xml/tree.ts';

export type ReportName = 'Vouchers' | 'All Masters';

export interface EnvelopeInput {
  report: ReportName;
  /** Company to import into; without it Tally uses the company currently open. */
  company?: string;
  /** Masters and vouchers, in import order; each goes in its own TALLYMESSAGE as Tally's exports do. */
  objects: readonly XmlElement[];
}

export function importEnvelope(input: EnvelopeInput): XmlElement {
  const company = input.company?.trim();
  return el('ENVELOPE', {}, [
    el('HEADER', {}, [leaf('TALLYREQUEST', 'Import Data')]),
    el('BODY', {}, [
      el('IMPORTDATA', {}, [
        el('REQUESTDESC', {}, [
          leaf('REPORTNAME', input.report),
          company ? el('STATICVARIABLES', {}, [leaf('SVCURRENTCOMPANY', company)]) : null,
        ]),
        el(
          'REQUESTDATA',
          {},
          input.objects.map((o) => el('TALLYMESSAGE', { 'xmlns:UDF': 'TallyUDF' }, [o])),
        ),
      ]),
    ]),
  ]);
}

export function importXml(input: EnvelopeInput): string {
  return serializeXml(importEnvelope(input));
}
