import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  el,
  importXml,
  leaf,
  mastersExportRequest,
  parseMastersCollection,
  pushToTally,
  readTallyMasters,
  startTallyEmulator,
  TallyError,
  type RunningEmulator,
} from '../src/index.ts';

let tally: RunningEmulator;
before(async () => {
  tally = await startTallyEmulator({ companies: ['Gupta Kirana', 'Other Co'] });
});
after(() => tally.close());

test('the masters export request asks Tally for a collection of one type with its parent', () => {
  const xml = mastersExportRequest('StockItem', 'Gupta & Co');
  assert.match(xml, /<TALLYREQUEST>Export<\/TALLYREQUEST>\s*<TYPE>Collection<\/TYPE>/);
  assert.match(xml, /<SVCURRENTCOMPANY>Gupta &amp; Co<\/SVCURRENTCOMPANY>/);
  assert.match(
    xml,
    /<TYPE>StockItem<\/TYPE>\s*<FETCH>Name, Parent, BaseUnits, GSTDetails.List, HSNDetails.List<\/FETCH>/,
  );
});

test('readTallyMasters reads ledgers with their groups, stock items with units, voucher types from the emulator', async () => {
  tally.emulator.reset();
  const seed = importXml({
    report: 'All Masters',
    company: 'Gupta Kirana',
    objects: [
      el('LEDGER', { NAME: 'HDFC OD' }, [leaf('PARENT', 'Bank OD A/c')]),
      el('LEDGER', { NAME: 'CGST' }, [leaf('PARENT', 'Duties & Taxes')]),
      el('UNIT', { NAME: 'Box' }, [leaf('NAME', 'Box')]),
      el('STOCKITEM', { NAME: 'Widget' }, [leaf('PARENT', 'Hardware'), leaf('BASEUNITS', 'Box')]),
    ],
  });
  assert.equal((await pushToTally(seed, { port: tally.port })).ok, true);
  const m = await readTallyMasters({ port: tally.port, company: 'Gupta Kirana' });
  assert.deepEqual(m.ledgers.map((l) => `${l.name} < ${l.parent}`).sort(), [
    'CGST < Duties & Taxes',
    'Cash < Cash-in-Hand',
    'HDFC OD < Bank OD A/c',
    'Profit & Loss A/c < Primary',
  ]);
  assert.deepEqual(m.stockItems, [{ name: 'Widget', parent: 'Hardware', unit: 'Box' }]);
  assert.deepEqual(
    m.units.map((u) => u.name),
    ['Box'],
  );
  assert.ok(m.voucherTypes.some((v) => v.name === 'Contra' && v.parent === 'Contra'));
  assert.equal(m.groups.find((g) => g.name === 'Bank OD A/c')?.parent, 'Loans (Liability)');
  const other = await readTallyMasters({ port: tally.port, company: 'Other Co' });
  assert.equal(other.ledgers.length, 2);
});

test('a company Tally does not have is refused with its words', async () => {
  await assert.rejects(
    readTallyMasters({ port: tally.port, company: 'Nobody' }),
    (e: unknown) =>
      e instanceof TallyError && /Could not set 'SVCurrentCompany' to 'Nobody'/.test(e.userMessage),
  );
  assert.deepEqual(
    parseMastersCollection(
      '<ENVELOPE><HEADER><STATUS>1</STATUS></HEADER><BODY><DATA><COLLECTION></COLLECTION></DATA></BODY></ENVELOPE>',
      'Ledger',
    ),
    [],
  );
});
