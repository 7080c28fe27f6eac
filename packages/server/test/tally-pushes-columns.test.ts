// The voucher ids of an export in a column of their own (migration 0014, issue 31): written when the
// export is kept, backfilled by the migration for exports kept before it, and the list of pushes and
// a push's vouchers answer the same from them as from the XML (a row without them).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { keptVouchers, TallyEmulator } from '@bahi/tally';
import { tallyExports } from '../src/statements/tables.ts';
import { call, startApp } from './helpers/harness.ts';
import { makeMember } from './helpers/queue.ts';
import { pushExport } from './helpers/tally-push.ts';

let h: Awaited<ReturnType<typeof startApp>>;
before(async () => {
  h = await startApp();
});
after(() => h?.close());

/** 1,200 rows over four months: three parts. */
function rows(n = 1200) {
  let balance = 10_000_000;
  return Array.from({ length: n }, (_, i) => {
    const day = new Date(Date.UTC(2025, 3, 1) + Math.floor(i / 10) * 86_400_000);
    const out = i % 3 !== 0;
    const paise = 10_000 + ((i * 7919) % 500_000);
    balance += out ? -paise : paise;
    const fmt = (p: number) => (p / 100).toFixed(2);
    return {
      Date: `${String(day.getUTCDate()).padStart(2, '0')}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${day.getUTCFullYear()}`,
      Description: `NEFT/PARTY ${i % 40}/${100000 + i}`,
      Withdrawal: out ? fmt(paise) : '',
      Deposit: out ? '' : fmt(paise),
      ClosingBalance: fmt(balance),
    };
  });
}

test('ids and days kept with the export, backfilled for older ones; the same answers either way', async () => {
  const db = h.database.db;
  const { token } = await makeMember(h, 0);
  const sent = await call(h.app, 'POST', '/api/tally/send-to-tally?xml=none', {
    token,
    json: { transactions: rows(), ledger_name: 'Col Bank', company_name: 'Col Co' },
  });
  assert.equal(sent.status, 200, JSON.stringify(sent.body).slice(0, 300));
  const id = (sent.body as { xml_id: string }).xml_id;
  // Tally takes the first part only.
  await pushExport(h, token, new TallyEmulator(['Col Co']), id, { parts: 1 });

  const [row] = await db.select().from(tallyExports).where(eq(tallyExports.id, id));
  const fromXml = keptVouchers(row.xml, row.ledgerName);
  assert.deepEqual(
    row.voucherIds,
    fromXml.map((v) => v.remoteId),
  );
  assert.equal(row.firstDay, '2025-04-01');
  assert.equal(
    row.lastDay,
    fromXml
      .map((v) => v.date)
      .sort()
      .at(-1),
  );

  const answers = async () => ({
    list: (await call(h.app, 'GET', '/api/tally/pushes', { token })).body,
    waiting: (
      await call(h.app, 'GET', `/api/tally/pushes/${id}?state=waiting&offset=100&limit=50`, { token })
    ).body,
    all: (await call(h.app, 'GET', `/api/tally/pushes/${id}?limit=600`, { token })).body,
  });
  const withColumns = await answers();
  assert.equal(withColumns.list.pushes[0].in_tally, 500);
  assert.equal(withColumns.waiting.matching, 700);
  assert.equal(withColumns.waiting.voucher_list[0].remote_id, fromXml[600].remoteId);
  assert.equal(withColumns.all.voucher_list[599].state, 'no_answer');

  // An export kept before the migration: no columns; the XML answers, and the same.
  await db
    .update(tallyExports)
    .set({ voucherIds: null, firstDay: null, lastDay: null })
    .where(eq(tallyExports.id, id));
  assert.deepEqual(await answers(), withColumns);

  // The migration's backfill gives it the columns the app writes.
  const migration = readFileSync(
    new URL('../drizzle/0014_tally_export_voucher_ids.sql', import.meta.url),
    'utf8',
  );
  const backfill = migration.slice(migration.indexOf('UPDATE'));
  await db.execute(sql.raw(backfill));
  const [again] = await db.select().from(tallyExports).where(eq(tallyExports.id, id));
  assert.deepEqual(
    [again.voucherIds, again.firstDay, again.lastDay],
    [row.voucherIds, row.firstDay, row.lastDay],
  );
});
