// Reading the company from TallyPrime (through the emulator and the bridge) and from a masters
// export file; fixtures in tally-exports/ are shaped like TallyPrime's own XML (the &#4; mark on
// predefined parents, RESERVEDNAME, LANGUAGENAME.LIST aliases, a CURRENCY object, UTF-16LE).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import {
  companyExportRequest,
  el,
  importXml,
  leaf,
  parseCompanyCollection,
  partyRegistrationOf,
  readMastersFile,
  releaseName,
  readTallyCompany,
  startBridge,
  startTallyEmulator,
  TallyError,
  type RunningEmulator,
} from '../src/index.ts';

const fixture = (name: string) => readFileSync(new URL(`./tally-exports/${name}`, import.meta.url), 'utf8');
const expected = (name: string) => JSON.parse(fixture(name)) as unknown;

let tally: RunningEmulator;
before(async () => {
  tally = await startTallyEmulator({
    companies: [
      { name: 'Sharma & Sons', state: 'Uttar Pradesh', gstin: '09AAACS1234K1Z2', booksFrom: '2025-04-01' },
      'Other Co',
    ],
    version: 'TallyPrime 2.1',
  });
});
after(() => tally.close());

test('the company request asks for the Company collection with state, GSTIN, books and the release', () => {
  const xml = companyExportRequest();
  assert.match(xml, /<TYPE>Company<\/TYPE>/);
  assert.match(xml, /<FETCH>Name, StateName, GSTRegistrationNumber, BooksFrom, StartingFrom<\/FETCH>/);
  assert.match(xml, /<COMPUTE>BahiRelease : @@VersionReleaseString<\/COMPUTE>/);
  assert.match(xml, /<COMPUTE>BahiProduct : \$\$IsProdTallyPrime<\/COMPUTE>/);
});

test('golden: a Company collection shaped like TallyPrime’s answer reads to its companies', () => {
  assert.deepEqual(
    parseCompanyCollection(fixture('company-collection.xml')),
    expected('company-collection.expected.json'),
  );
});

test('golden: a masters export file (UTF-8 and UTF-16LE with BOM) reads to the company’s lists', () => {
  const xml = fixture('masters-export.xml');
  const want = expected('masters-export.expected.json');
  assert.deepEqual(readMastersFile(xml), want);
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
  assert.deepEqual(readMastersFile(utf16), want);
});

test("a masters file of TallyPrime 3.0+ gives the company's GST registrations (Tax Units)", () => {
  const file = `<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA>
<REQUESTDESC><REPORTNAME>All Masters</REPORTNAME></REQUESTDESC><REQUESTDATA>
<TALLYMESSAGE><LEDGER NAME="Cash"><PARENT>Cash-in-Hand</PARENT></LEDGER></TALLYMESSAGE>
<TALLYMESSAGE><TAXUNIT NAME="Karnataka Branch"><STATENAME>Karnataka</STATENAME><GSTREGNUMBER>29aapfu0939f1zr</GSTREGNUMBER></TAXUNIT></TALLYMESSAGE>
</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>`;
  assert.deepEqual(readMastersFile(file).registrations, [
    { name: 'Karnataka Branch', parent: '', state: 'Karnataka', gstin: '29AAPFU0939F1ZR' },
  ]);
});

test('a file that is not a masters export is refused in plain words', () => {
  assert.throws(
    () => readMastersFile('hello'),
    (e: unknown) => e instanceof TallyError,
  );
  assert.throws(
    () => readMastersFile('<ENVELOPE><BODY><IMPORTDATA><REQUESTDATA/></IMPORTDATA></BODY></ENVELOPE>'),
    /no ledgers, groups or stock items/,
  );
});

test('readTallyCompany reads the company named, its state, GSTIN, books, release and masters', async () => {
  tally.emulator.reset();
  tally.emulator.importXml(
    importXml({
      report: 'All Masters',
      company: 'Sharma & Sons',
      objects: [el('LEDGER', { NAME: 'HDFC OD' }, [leaf('PARENT', 'Bank OD A/c')])],
    }),
  );
  const snap = await readTallyCompany({ port: tally.port, company: 'sharma & sons' });
  assert.deepEqual(snap.company, {
    name: 'Sharma & Sons',
    state: 'Uttar Pradesh',
    gstin: '09AAACS1234K1Z2',
    version: 'TallyPrime 2.1',
    booksFrom: '2025-04-01',
  });
  assert.deepEqual(snap.loaded, ['Sharma & Sons', 'Other Co']);
  assert.ok(snap.ledgers.some((l) => l.name === 'HDFC OD' && l.parent === 'Bank OD A/c'));
  assert.ok(snap.groups.some((g) => g.name === 'Bank Accounts'));
  assert.ok(snap.voucherTypes.some((v) => v.name === 'Sales'));
  assert.equal(snap.source, 'bridge');
  // Without a name: the first company Tally lists.
  assert.equal((await readTallyCompany({ port: tally.port })).company.name, 'Sharma & Sons');
  await assert.rejects(
    readTallyCompany({ port: tally.port, company: 'Nobody' }),
    (e: unknown) => e instanceof TallyError && /no company 'Nobody'/.test(e.userMessage),
  );
});

test('the bridge answers POST /company with the snapshot, and refuses addresses off the office network', async () => {
  const bridge = await startBridge({ port: 0, tallyPort: tally.port, origins: ['http://app.test'] });
  try {
    const post = (body: unknown) =>
      fetch(`${bridge.url}/company`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://app.test' },
        body: JSON.stringify(body),
      });
    const res = await post({ local_ip: '127.0.0.1', company: 'Other Co' });
    assert.equal(res.status, 200);
    const body = (await res.json()) as { ok: boolean; company: { name: string }; ledgers: unknown[] };
    assert.equal(body.ok, true);
    assert.equal(body.company.name, 'Other Co');
    assert.ok(body.ledgers.length >= 2);
    assert.equal((await post({ local_ip: '8.8.8.8' })).status, 400);
    assert.equal((await post({ local_ip: '127.0.0.1', company: 'Nobody' })).status, 404);
  } finally {
    await bridge.close();
  }
});

test('a party ledger’s registration reads from the 2.x fields and from 3.0’s LEDGSTREGDETAILS.LIST', () => {
  assert.deepEqual(
    partyRegistrationOf({
      PARTYGSTIN: '09aaacg1234f1z5',
      LEDSTATENAME: 'Uttar Pradesh',
      GSTREGISTRATIONTYPE: 'Regular',
    }),
    { gstin: '09AAACG1234F1Z5', state: 'Uttar Pradesh', registrationType: 'Regular' },
  );
  assert.deepEqual(
    partyRegistrationOf({
      'LEDGSTREGDETAILS.LIST': {
        GSTIN: '10ABCPK1234M1Z9',
        GSTREGISTRATIONTYPE: 'Composition',
        STATE: 'Bihar',
      },
      'LEDMAILINGDETAILS.LIST': { STATE: 'Bihar' },
    }),
    { gstin: '10ABCPK1234M1Z9', state: 'Bihar', registrationType: 'Composition' },
  );
  // Tally's marked 'Not Applicable' is no state; a ledger without a registration has none.
  assert.deepEqual(partyRegistrationOf({ LEDSTATENAME: '\u0004 Not Applicable' }), {});
  assert.deepEqual(partyRegistrationOf({ PARENT: 'Indirect Expenses' }), {});
});

test('the release reads as TallyPrime’s, and Tally.ERP 9’s 6.x is not taken for TallyPrime 6', () => {
  assert.equal(releaseName('7.1', 'Yes'), 'TallyPrime 7.1');
  assert.equal(releaseName('6.6.3', 'No'), 'Tally.ERP 9 6.6.3');
  assert.equal(releaseName('4.1', ''), 'TallyPrime 4.1');
  assert.equal(releaseName('', 'Yes'), '');
});
