// Issue 35, any bank file mapped once (decision 056): a CSV whose headings Bahi does not know is
// shown as rows, read with the columns marked, its mapping saved; the next file of that bank and
// layout is read with it without help; the mapping is the owner's only.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, startApp, upload as uploadTo } from './helpers/harness.ts';
import {
  dropFiles,
  makeClient,
  makeMember,
  startQueuedApp,
  stopQueuedApp,
  waitFor,
  type QueuedApp,
} from './helpers/queue.ts';

const csv = (rows: string[]) => Buffer.from(rows.join('\r\n'));

const april = csv([
  'Frobnitz Cooperative Bank,,,,,',
  'Statement for account 001234567890,,,,,',
  'Kolumn A,Frob,Zing,Plonk,Wib,Saldo',
  '04/14/2025,NEFT ACME TRADERS,N123,5000.00,C,"15,000.00"',
  '04/15/2025,UPI grocer,U77,250.50,D,"14,749.50"',
  '04/18/2025,ATM cash,,1000,D,"13,749.50"',
  '04/28/2025,Salary April,S4,40000,C,"53,749.50"',
]);

const may = csv([
  'Frobnitz Cooperative Bank,,,,,',
  'Branch: Somewhere,,,,,',
  'Statement for account 001234567890,,,,,',
  'Kolumn A,Frob,Zing,Plonk,Wib,Saldo',
  '05/14/2025,Rent May,R5,12000,D,"41,749.50"',
  '05/16/2025,Refund,,749,C,"42,498.50"',
  '05/29/2025,Salary May,S5,40000,C,"82,498.50"',
]);

const MAPPING = {
  sheet: 0,
  firstRow: 3,
  amounts: 'side',
  dateOrder: 'mdy',
  columns: { date: 0, description: 1, reference: 2, amount: 3, side: 4, balance: 5 },
};

describe('issue 35: a sheet mapped once', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    h = await startApp({});
  });
  after(async () => {
    await h?.close();
  });
  const upload = (url: string, opts: Parameters<typeof uploadTo>[2]) => uploadTo(h.app, url, opts);

  test('mapped on its first rows, saved, and the next file of the bank read without help', async () => {
    const u = await makeMember(h, 20);
    // Bahi cannot read it alone
    const alone = await upload('/api/auto/extract-statement', {
      token: u.token,
      bytes: may,
      name: 'may.csv',
    });
    assert.equal(alone.status, 422, JSON.stringify(alone.body).slice(0, 300));
    assert.equal(alone.body.reason.code, 'NO_TABLE');
    // a sheet has no page to mark: the next step names the columns screen
    assert.match(alone.body.reason.next, /^Mark the columns: /);

    const preview = await upload('/api/auto/sheet-preview', {
      token: u.token,
      bytes: april,
      name: 'april.csv',
    });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.deepEqual(preview.body.sheets[0].rows[2], ['Kolumn A', 'Frob', 'Zing', 'Plonk', 'Wib', 'Saldo']);

    const read = await upload('/api/auto/read-with-mapping', {
      token: u.token,
      bytes: april,
      name: 'april.csv',
      fields: { mapping: JSON.stringify(MAPPING) },
    });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.equal(read.body.transactions.length, 4);
    assert.equal(read.body.reconciliation.ok, true);
    assert.equal(read.body.mapping_signature.headingRow, 2);

    const saved = await call(h.app, 'POST', '/api/mappings', {
      token: u.token,
      json: {
        name: 'Frobnitz CSV',
        bank: 'auto',
        mapping: MAPPING,
        signature: read.body.mapping_signature,
        statement_id: read.body.statement_id,
      },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.kind, 'sheet');
    assert.equal(saved.body.bank, 'AUTO');
    assert.deepEqual(saved.body.heading, ['kolumna', 'frob', 'zing', 'plonk', 'wib', 'saldo']);
    const first = await call(h.app, 'GET', `/api/statements/${read.body.statement_id}`, { token: u.token });
    assert.equal(first.body.layout_used.id, saved.body.id);

    const next = await upload('/api/auto/extract-statement', { token: u.token, bytes: may, name: 'may.csv' });
    assert.equal(next.status, 200, JSON.stringify(next.body));
    assert.equal(next.body.layout_used.id, saved.body.id);
    assert.equal(next.body.layout_used.kind, 'sheet');
    assert.equal(next.body.transactions.length, 3);
    assert.equal(next.body.reconciliation.ok, true);
    // (the built-in read found no rows: there is no other read to keep)
    assert.equal(next.body.other_read, null);

    const listed = await call(h.app, 'GET', '/api/layouts', { token: u.token });
    assert.deepEqual(
      listed.body.layouts.map((l: { name: string; kind: string }) => [l.name, l.kind]),
      [['Frobnitz CSV', 'sheet']],
    );

    // another user's files are not read with it, and its mapping is not theirs to delete
    const v = await makeMember(h, 20);
    const theirs = await upload('/api/auto/extract-statement', {
      token: v.token,
      bytes: may,
      name: 'may.csv',
    });
    assert.ok(theirs.status !== 200 || theirs.body.layout_used === null);
    const del = await call(h.app, 'DELETE', `/api/layouts/${saved.body.id}`, { token: v.token });
    assert.equal(del.status, 404);
  });

  test('bad marks are refused with words, and a PDF has no sheet to preview', async () => {
    const u = await makeMember(h, 20);
    const noSide = { ...MAPPING, columns: { ...MAPPING.columns, side: undefined } };
    const bad = await upload('/api/auto/read-with-mapping', {
      token: u.token,
      bytes: april,
      name: 'april.csv',
      fields: { mapping: JSON.stringify(noSide) },
    });
    assert.equal(bad.status, 422);
    assert.match(JSON.stringify(bad.body), /Dr or Cr/);
    const notJson = await upload('/api/auto/read-with-mapping', {
      token: u.token,
      bytes: april,
      name: 'april.csv',
      fields: { mapping: '{' },
    });
    assert.equal(notJson.status, 400);
    assert.match(notJson.body.detail, /form field "mapping"/);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const preview = await upload('/api/auto/sheet-preview', { token: u.token, bytes: pdf, name: 'a.pdf' });
    assert.ok(preview.status >= 400 && preview.status < 500, String(preview.status));
    const unsigned = await call(h.app, 'POST', '/api/mappings', {
      token: u.token,
      json: {
        name: 'x',
        bank: 'HDFC',
        mapping: MAPPING,
        signature: { kind: 'sheet', headings: ['a'], headingRow: 0 },
      },
    });
    assert.equal(unsigned.status, 400);
    assert.match(unsigned.body.detail, /below the column headings/);
  });
});

describe("issue 35: a client's drop reads a mapped bank's file without help", () => {
  let app: QueuedApp | undefined;
  let h: QueuedApp['h'];
  before(async () => void ({ h } = app = await startQueuedApp()));
  after(() => stopQueuedApp(app));

  test('the mapping saved on one read reads the next month dropped on a client', async () => {
    const u = await makeMember(h, 20);
    const read = await uploadTo(h.app, '/api/auto/read-with-mapping', {
      token: u.token,
      bytes: april,
      name: 'april.csv',
      fields: { mapping: JSON.stringify(MAPPING) },
    });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    const saved = await call(h.app, 'POST', '/api/mappings', {
      token: u.token,
      json: { name: 'Frobnitz CSV', bank: 'auto', mapping: MAPPING, signature: read.body.mapping_signature },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));

    const client = await makeClient(h, u.id, ['001234567890']);
    const drop = await dropFiles(h, u.token, client.id, [{ name: 'may.csv', bytes: may }]);
    assert.equal(drop.status, 202, JSON.stringify(drop.body));
    const job = await waitFor(async () => {
      const r = await call(h.app, 'GET', `/api/office/jobs?client_id=${client.id}`, { token: u.token });
      const j = r.body.jobs[0];
      return j && j.state !== 'queued' && j.state !== 'reading' ? j : undefined;
    }, 60_000);
    assert.equal(job.state, 'read', JSON.stringify(job));
    assert.equal(job.rows, 3);
    assert.equal(job.reconciled, true);
    const stored = await call(h.app, 'GET', `/api/statements/${job.statement_id}`, { token: u.token });
    assert.equal(stored.body.layout_used.id, saved.body.id);
  });
});

describe("issue 35: a sheet's columns kept per client, reused across clients", () => {
  let app: QueuedApp | undefined;
  let h: QueuedApp['h'];
  before(async () => void ({ h } = app = await startQueuedApp()));
  after(() => stopQueuedApp(app));

  test("a client's own columns read its files; a client with none takes another's", async () => {
    const u = await makeMember(h, 40);
    const [x, y, z] = [
      await makeClient(h, u.id, ['001234567890']),
      await makeClient(h, u.id, ['001234567890']),
      await makeClient(h, u.id, ['001234567890']),
    ];
    const read = await uploadTo(h.app, '/api/auto/read-with-mapping', {
      token: u.token,
      bytes: april,
      name: 'april.csv',
      fields: { mapping: JSON.stringify(MAPPING) },
    });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    const save = (name: string, mapping: unknown, client_id?: string, token = u.token) =>
      call(h.app, 'POST', '/api/mappings', {
        token,
        json: { name, bank: 'auto', mapping, signature: read.body.mapping_signature, client_id },
      });
    // X's columns, then Y's of the same bank and heading (Y's leave the reference out): both kept
    const forX = await save('Frobnitz for X', MAPPING, x.id);
    assert.equal(forX.status, 200, forX.raw);
    assert.equal(forX.body.client_id, x.id);
    const { reference: _unused, ...noReference } = MAPPING.columns;
    const forY = await save('Frobnitz for Y', { ...MAPPING, columns: noReference }, y.id);
    assert.equal(forY.status, 200, forY.raw);
    const listed = (await call(h.app, 'GET', '/api/layouts', { token: u.token })).body.layouts as {
      id: string;
      client_id: string | null;
    }[];
    assert.deepEqual(
      listed.map((l) => [l.id, l.client_id]).sort(),
      [
        [forX.body.id, x.id],
        [forY.body.id, y.id],
      ].sort(),
      "Y's columns do not replace X's",
    );
    // a client of another office is no such client
    const stranger = await makeMember(h, 5);
    const refused = await save('Not mine', MAPPING, x.id, stranger.token);
    assert.equal(refused.status, 404, refused.raw);

    const readOn = async (client: { id: string }, narration: string) => {
      const file = Buffer.from(may.toString().replace('Rent May', narration));
      const drop = await dropFiles(h, u.token, client.id, [{ name: `${narration}.csv`, bytes: file }]);
      assert.equal(drop.status, 202, JSON.stringify(drop.body));
      const job = await waitFor(async () => {
        const r = await call(h.app, 'GET', `/api/office/jobs?client_id=${client.id}`, { token: u.token });
        const j = r.body.jobs[0];
        return j && j.state !== 'queued' && j.state !== 'reading' ? j : undefined;
      }, 60_000);
      assert.equal(job.rows, 3, JSON.stringify(job));
      assert.equal(job.reconciled, true);
      const stored = await call(h.app, 'GET', `/api/statements/${job.statement_id}`, { token: u.token });
      return stored.body.layout_used.id as string;
    };
    // each client's drop is read with its own columns, though Y's are the newer
    assert.equal(await readOn(x, 'Rent X'), forX.body.id);
    assert.equal(await readOn(y, 'Rent Y'), forY.body.id);
    // Z has none of its own: the bank's columns marked for another client read it without help
    assert.ok([forX.body.id, forY.body.id].includes(await readOn(z, 'Rent Z')));
  });
});
