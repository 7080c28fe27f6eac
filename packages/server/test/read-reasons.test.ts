// Issue 17 (no dead end): an extraction says why it is not clean, as codes with plain words and the
// next step; the reader's issues and notes reach the answer; a layout the user marked re-reads the
// file, is saved per user and reads the next statement of the same shape by itself.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, startApp, upload as uploadTo } from './helpers/harness.ts';
import { drawnRows, drawStatement, FIRST_ROW_Y, UNKNOWN_COLUMNS } from './helpers/draw-statement.ts';
import { makeMember, pagesOf } from './helpers/queue.ts';
import { corpusFile, needsCorpus } from './helpers/shared.ts';

const LAYOUT = {
  page: 1,
  top: FIRST_ROW_Y + 4, // a click somewhere on the first row
  columns: UNKNOWN_COLUMNS.map((c) => ({ role: c.role, x0: c.x0, x1: c.x1 })),
};

describe('issue 17: reasons, codes and taught layouts', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    h = await startApp({});
  });
  after(async () => {
    await h?.close();
  });

  const member = (pages = 20) => makeMember(h, pages);
  const upload = (url: string, opts: Parameters<typeof uploadTo>[2]) => uploadTo(h.app, url, opts);

  test('a table the reader cannot place: 422 NO_TABLE with the reason and the next step, nothing charged', async () => {
    const u = await member();
    const pdf = await drawStatement({ rows: drawnRows(10), unknownHeadings: true });
    const res = await upload('/api/hdfc/extract-statement', { token: u.token, bytes: pdf, name: 's.pdf' });
    assert.equal(res.status, 422);
    assert.equal(res.body.code, 'NO_TABLE');
    assert.equal(res.body.reason.code, 'NO_TABLE');
    assert.match(res.body.detail, /No transaction table was found/);
    assert.match(res.body.reason.next, /Teach Bahi this layout/);
    assert.equal(await pagesOf(h, u.id), 20);
  });

  test('a wrong password and a damaged file answer their codes with reasons', needsCorpus, async () => {
    const u = await member();
    const locked = corpusFile('HDFC/HDFC_protected.pdf');
    const wrong = await upload('/api/hdfc/extract-statement?password=nope', {
      token: u.token,
      bytes: locked,
      name: 'p.pdf',
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.code, 'WRONG_PASSWORD');
    assert.equal(wrong.body.reason.code, 'WRONG_PASSWORD');
    assert.match(wrong.body.reason.next, /password/i);
    const damaged = await upload('/api/hdfc/extract-statement', {
      token: u.token,
      bytes: corpusFile('bad/truncated.pdf'),
      name: 't.pdf',
    });
    assert.equal(damaged.status, 422);
    assert.ok(['UNREADABLE', 'PAGE_UNREADABLE'].includes(damaged.body.code), damaged.body.code);
    assert.equal(damaged.body.reason.code, damaged.body.code);
    assert.ok(damaged.body.reason.next.length > 10);
  });

  test('rows that do not reconcile open as a result: NOT_RECONCILED from row N with the difference, breaks and issues kept', async () => {
    const u = await member();
    const pdf = await drawStatement({ rows: drawnRows(12), misprint: { row: 5, by: 100 } });
    const res = await upload('/api/hdfc/extract-statement', { token: u.token, bytes: pdf, name: 'm.pdf' });
    assert.equal(res.status, 200);
    assert.equal(res.body.transactions.length, 12);
    assert.equal(res.body.reconciliation.ok, false);
    assert.equal(res.body.reconciliation.breaks[0].row, 5);
    assert.deepEqual(res.body.reconciliation.notes, []);
    assert.ok(Array.isArray(res.body.issues));
    assert.equal(res.body.reasons.length, 1);
    assert.equal(res.body.reasons[0].code, 'NOT_RECONCILED');
    assert.match(res.body.reasons[0].message, /from row 6 on \(difference -₹100\.00\)/);
    assert.equal(res.body.layout_used, null);
  });

  test('a clean read has no reasons', async () => {
    const u = await member();
    const pdf = await drawStatement({ rows: drawnRows(8) });
    const res = await upload('/api/hdfc/extract-statement', { token: u.token, bytes: pdf, name: 'c.pdf' });
    assert.equal(res.status, 200);
    assert.equal(res.body.reconciliation.ok, true);
    assert.deepEqual(res.body.reasons, []);
  });

  test('teach a layout: read with it, save it, the next statement of that shape is read with it; list, rename, delete', async () => {
    const u = await member();
    const other = await member();
    const first = await drawStatement({ rows: drawnRows(12), unknownHeadings: true });
    const bad = await upload('/api/hdfc/read-with-layout', {
      token: u.token,
      bytes: first,
      name: 'a.pdf',
      fields: { layout: '{"page":1}' },
    });
    assert.equal(bad.status, 422, 'a layout without columns is refused');

    const read = await upload('/api/hdfc/read-with-layout', {
      token: u.token,
      bytes: first,
      name: 'a.pdf',
      fields: { layout: JSON.stringify(LAYOUT) },
    });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.equal(read.body.transactions.length, 12);
    assert.equal(read.body.reconciliation.ok, true);
    const sig = read.body.layout_signature;
    assert.deepEqual(sig.heading, ['zq', 'vrelk', 'quibblefrotz', 'zorp', 'flarn', 'snerk', 'glimmox']);

    const saved = await call(h.app, 'POST', '/api/layouts', {
      token: u.token,
      json: { name: 'Zorp Bank current', bank: 'hdfc', layout: LAYOUT, signature: sig },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.bank, 'HDFC');

    // the next statement of the same shape: other rows, its table two lines lower
    const second = await drawStatement({
      rows: drawnRows(9, 2),
      unknownHeadings: true,
      extraHeaderLines: 2,
      account: '99887766',
    });
    const next = await upload('/api/hdfc/extract-statement', {
      token: u.token,
      bytes: second,
      name: 'b.pdf',
    });
    assert.equal(next.status, 200, JSON.stringify(next.body));
    assert.equal(next.body.transactions.length, 9);
    assert.equal(next.body.reconciliation.ok, true);
    assert.equal(next.body.layout_used.id, saved.body.id);
    assert.equal(next.body.layout_used.name, 'Zorp Bank current');
    // another user's statements are not read with it
    const theirs = await upload('/api/hdfc/extract-statement', {
      token: other.token,
      bytes: second,
      name: 'b.pdf',
    });
    assert.equal(theirs.status, 422);
    assert.equal(theirs.body.code, 'NO_TABLE');

    const list = await call(h.app, 'GET', '/api/layouts', { token: u.token });
    assert.deepEqual(
      list.body.layouts.map((l: { name: string }) => l.name),
      ['Zorp Bank current'],
    );
    assert.deepEqual((await call(h.app, 'GET', '/api/layouts', { token: other.token })).body.layouts, []);
    const rename = (token: string, name: string) =>
      h.app.inject({
        method: 'PATCH',
        url: `/api/layouts/${saved.body.id}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ name }),
      });
    assert.equal((await rename(other.token, 'Mine')).statusCode, 404);
    const renamed = await rename(u.token, 'Zorp current a/c');
    assert.equal(renamed.statusCode, 200);
    assert.equal(renamed.json().name, 'Zorp current a/c');
    assert.equal(
      (await call(h.app, 'DELETE', `/api/layouts/${saved.body.id}`, { token: other.token })).status,
      404,
    );
    assert.equal(
      (await call(h.app, 'DELETE', `/api/layouts/${saved.body.id}`, { token: u.token })).status,
      200,
    );
    assert.deepEqual((await call(h.app, 'GET', '/api/layouts', { token: u.token })).body.layouts, []);
    const unaided = await upload('/api/hdfc/extract-statement', {
      token: u.token,
      bytes: second,
      name: 'b.pdf',
    });
    assert.equal(unaided.body.code, 'NO_TABLE', 'deleted: the reader is on its own again');
  });
});
