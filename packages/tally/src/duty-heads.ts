// GST duty heads read back after a push (issue 31). A tax ledger's GSTDUTYHEAD word that the
// company's release does not take is dropped while TallyPrime still reports the ledger created
// (issue 31's integrator notes; TallyConnector issue #27: 3.0+ writes CGST where 2.x wrote Central
// Tax), so the counters cannot tell. After an import that declared duty heads, the bridge reads the
// company's ledgers back and says which tax ledger lacks the head it was sent with.
import { postToTally, type PushOptions } from './client.ts';
import { mastersExportRequest, parseMastersCollection, type TallyMaster } from './masters-export.ts';
import { readImportXml } from './read.ts';

/** The duty head each ledger of an import file is declared with. */
export function declaredDutyHeads(xml: string): { ledger: string; head: string }[] {
  return readImportXml(xml).objects.flatMap((o) =>
    o.kind === 'LEDGER' && o.gstDutyHead?.trim()
      ? [{ ledger: o.name.trim(), head: o.gstDutyHead.trim() }]
      : [],
  );
}

/**
 * The tax ledgers Tally keeps without the duty head they were declared with (compared as Tally
 * compares names, case-insensitively). A ledger Tally does not have is not this check's to report
 * (the import's own answer says why); one the company had already keeps its own head (create-only).
 */
export function dutyHeadProblems(
  declared: readonly { ledger: string; head: string }[],
  ledgers: readonly Pick<TallyMaster, 'name' | 'gstDutyHead'>[],
): string[] {
  const byName = new Map(ledgers.map((l) => [l.name.trim().toLowerCase(), l]));
  return declared.flatMap(({ ledger, head }) => {
    const kept = byName.get(ledger.toLowerCase());
    if (!kept || kept.gstDutyHead?.trim()) return [];
    return [
      `Tally kept the ledger '${ledger}' without its GST duty head (sent '${head}'): set it in Tally (Alter > Ledger > Statutory Details) before filing returns.`,
    ];
  });
}

/** After importing `xml`: its tax ledgers Tally keeps without their duty head (none declared: no request). */
export async function checkDutyHeadsBack(
  xml: string,
  options: PushOptions & { company?: string },
): Promise<string[]> {
  const declared = declaredDutyHeads(xml);
  if (declared.length === 0) return [];
  const company = options.company ?? readImportXml(xml).company;
  const answer = await postToTally(mastersExportRequest('Ledger', company), options);
  return dutyHeadProblems(declared, parseMastersCollection(answer, 'Ledger'));
}
