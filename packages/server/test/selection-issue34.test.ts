// Issue 34 on the statement route: no bank chosen (`auto`) reads the bank from the file; a taught
// layout is used only where the built-in read fails or balances worse, and both reads are kept.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, startApp, upload as uploadTo } from './helpers/harness.ts';
import { drawnRows, drawStatement, FIRST_ROW_Y, KNOWN_COLUMNS } from './helpers/draw-statement.ts';
import { makeMember } from './helpers/queue.ts';

describe('issue 34: the bank read from the file, and taught layouts that do worse', () => {
  let h: Awaited<ReturnType<typeof startApp>>;
  before(async () => {
    h = await startApp({});
  });
  after(async () => {
    await h?.close();
  });
  const upload = (url: string, opts: Parameters<typeof uploadTo>[2]) => uploadTo(h.app, url, opts);

  test('auto: check-password and extract-statement read the bank from the file; a bad bank is still 404', async () => {
    const u = await makeMember(h, 20);
    const pdf = await drawStatement({ rows: drawnRows(8), bank: { name: 'HDFC BANK', ifsc: 'HDFC0001234' } });
    const check = await upload('/api/auto/check-password', { token: u.token, bytes: pdf, name: 'a.pdf' });
    assert.equal(check.status, 200);
    assert.equal(check.body.password_required, false);
    const res = await upload('/api/auto/extract-statement', { token: u.token, bytes: pdf, name: 'a.pdf' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.bank_detected.code, 'HDFC');
    assert.equal(res.body.bank_detected.requested, null);
    assert.equal(res.body.statement_info.bank, 'HDFC');
    const stored = await call(h.app, 'GET', `/api/statements/${res.body.statement_id}`, { token: u.token });
    assert.equal(stored.body.requested_bank, 'HDFC');
    const bad = await upload('/api/nobank/extract-statement', { token: u.token, bytes: pdf, name: 'a.pdf' });
    assert.equal(bad.status, 404);
  });

  test('a taught layout that balances worse is not used: the built-in read is shown, the other kept', async () => {
    const u = await makeMember(h, 20);
    const pdf = await drawStatement({ rows: drawnRows(12) });
    const swap: Record<string, string> = { debit: 'credit', credit: 'debit' };
    const layout = {
      page: 1,
      top: FIRST_ROW_Y + 3,
      columns: KNOWN_COLUMNS.map((c) => ({ role: swap[c.role] ?? c.role, x0: c.x0, x1: c.x1 })),
    };
    const taught = await upload('/api/hdfc/read-with-layout', {
      token: u.token,
      bytes: pdf,
      name: 's.pdf',
      fields: { layout: JSON.stringify(layout) },
    });
    assert.equal(taught.status, 200, JSON.stringify(taught.body));
    assert.equal(taught.body.reconciliation.ok, false);
    const saved = await call(h.app, 'POST', '/api/layouts', {
      token: u.token,
      json: { name: 'Swapped', bank: 'HDFC', layout, signature: taught.body.layout_signature },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));

    const res = await upload('/api/hdfc/extract-statement', { token: u.token, bytes: pdf, name: 's.pdf' });
    assert.equal(res.status, 200);
    assert.equal(res.body.layout_used, null);
    assert.equal(res.body.reconciliation.ok, true);
    const other = res.body.other_read;
    assert.equal(other.shown, 'builtin');
    assert.equal(other.chosen, true);
    assert.equal(other.layout.name, 'Swapped');
    assert.equal(other.balanced, false);
    assert.match(other.why, /own read balances/);
    const kept = await call(h.app, 'GET', `/api/statements/${other.statement_id}`, { token: u.token });
    assert.equal(kept.status, 200);
    assert.equal(kept.body.other_read.shown, 'taught');
    assert.equal(kept.body.other_read.chosen, false);
    assert.equal(kept.body.other_read.statement_id, res.body.statement_id);
    assert.equal(kept.body.reconciliation.ok, false);
  });
});
