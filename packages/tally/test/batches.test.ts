// A push in parts (issue 19): each part is a complete import, the masters travel first, the parts
// together carry every voucher once, and a push repeated after a failure duplicates nothing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  buildBankVouchersXml,
  countImportObjects,
  importLayout,
  importPart,
  partCount,
  pushToTally,
  readImportXml,
  startTallyEmulator,
  type BankTransaction,
  type RunningEmulator,
} from '../src/index.ts';

let tally: RunningEmulator;
before(async () => {
  tally = await startTallyEmulator({ companies: ['Batch & Co'] });
});
after(() => tally.close());

// the groups of the rows' ledgers: a new ledger needs one (issue 31)
const GROUPS = { Rent: 'Indirect Expenses', Sales: 'Sales Accounts' };

function rows(n: number, ledger = (i: number) => (i % 3 === 0 ? 'Rent' : 'Sales')): BankTransaction[] {
  return Array.from({ length: n }, (_, i) => ({
    date: `2025-0${(i % 9) + 1}-1${i % 9}`,
    description: `UPI/${100000 + i}/Payee ${i} <&> ₹`,
    withdrawal: i % 2 ? 1000 + i : 0,
    deposit: i % 2 ? 0 : 2000 + i,
    reference: String(500000 + i),
    ledger: ledger(i),
  }));
}

const build = (n: number) =>
  buildBankVouchersXml({
    company: 'Batch & Co',
    bankLedger: 'HDFC 123',
    transactions: rows(n),
    withMasters: true,
    ledgerGroups: GROUPS,
  });

test('parts carry the masters first and every voucher exactly once, each a valid import', () => {
  const xml = build(1234);
  const layout = importLayout(xml);
  assert.equal(layout.vouchers.length, 1234);
  assert.equal(layout.masters.length, 3); // HDFC 123, Rent, Sales
  assert.equal(partCount(layout, 500), 3);
  const ids: string[] = [];
  for (let p = 0; p < 3; p++) {
    const part = importPart(xml, layout, p, 500);
    const request = readImportXml(part.xml);
    assert.equal(request.company, 'Batch & Co');
    assert.equal(request.objects.filter((o) => o.kind === 'LEDGER').length, p === 0 ? 3 : 0);
    const vouchers = request.objects.flatMap((o) => (o.kind === 'VOUCHER' ? [o.remoteId ?? ''] : []));
    assert.equal(vouchers.length, part.vouchers);
    assert.equal(countImportObjects(part.xml), part.vouchers + part.masters);
    ids.push(...vouchers);
  }
  assert.equal(ids.length, 1234);
  assert.equal(new Set(ids).size, 1234);
  // A file without vouchers is one part; a part past the end is refused.
  assert.equal(partCount(importLayout('<ENVELOPE/>')), 1);
  assert.throws(() => importPart(xml, layout, 3, 500), RangeError);
});

test('a push in parts leaves the same books as one push', async () => {
  const xml = build(1200);
  tally.emulator.reset();
  await pushToTally(xml, { port: tally.port });
  const whole = tally.emulator.imported().companies[0];

  tally.emulator.reset();
  const layout = importLayout(xml);
  // Sending again is the server's to prevent (its record of what Tally took, issue 31): the file
  // itself relies on no REMOTEID matching, so one round here.
  for (let p = 0; p < partCount(layout, 500); p++) {
    const r = await pushToTally(importPart(xml, layout, p, 500).xml, { port: tally.port });
    assert.equal(r.ok, true, r.problems.join('; '));
  }
  const parts = tally.emulator.imported().companies[0];
  assert.equal(parts.vouchers.length, 1200);
  assert.deepEqual(parts.balances, whole.balances);
  assert.deepEqual(
    parts.vouchers.map((v) => v.remoteId),
    whole.vouchers.map((v) => v.remoteId),
  );
});

test('a part that fails names what Tally refused; where Tally matches REMOTEIDs, the whole push sent again completes the books once', async () => {
  // Under the default rule (no REMOTEID matching) a part Tally took in part must not be sent again
  // whole: the server records nothing for it and says so (docs/decisions/037). Here the 'alter' rule.
  const tally = await startTallyEmulator({ companies: ['Batch & Co'], remoteIds: 'alter' });
  after(() => tally.close());
  // Part 2 names a ledger the masters (part 1) do not declare: Tally refuses those vouchers.
  const transactions = rows(900).map((t, i) =>
    i >= 600 && i < 610 ? { ...t, ledger: 'Missing Ledger' } : t,
  );
  const xml = buildBankVouchersXml({
    company: 'Batch & Co',
    bankLedger: 'HDFC 123',
    transactions,
    withMasters: true,
    ledgerGroups: GROUPS,
    existingLedgers: ['Missing Ledger'],
  });
  const layout = importLayout(xml);
  const first = await pushToTally(importPart(xml, layout, 0, 500).xml, { port: tally.port });
  assert.equal(first.ok, true);
  const second = await pushToTally(importPart(xml, layout, 1, 500).xml, { port: tally.port });
  assert.equal(second.ok, false);
  assert.deepEqual(second.named, ['Missing Ledger']);
  assert.equal(second.created, 390);
  assert.equal(second.exceptions, 10);
  // The bookkeeper creates the ledger in Tally, then sends the whole push again.
  tally.emulator.book
    .company()
    ?.ledgers.set('missing ledger', { name: 'Missing Ledger', parent: 'Suspense A/c' });
  let created = 0;
  for (let p = 0; p < partCount(layout, 500); p++) {
    const r = await pushToTally(importPart(xml, layout, p, 500).xml, { port: tally.port });
    // What Tally held is refused as existing (ACTION="Create"), never altered.
    assert.ok(
      r.lineErrors.every((e) => /Voucher already exists/.test(e)),
      r.lineErrors[0],
    );
    created += r.created;
  }
  assert.equal(created, 10);
  const books = tally.emulator.imported().companies[0];
  assert.equal(books.vouchers.length, 900);
  assert.equal(new Set(books.vouchers.map((v) => v.remoteId)).size, 900);
});
