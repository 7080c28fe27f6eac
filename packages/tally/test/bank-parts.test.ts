// A bank import built in parts (issue 33): each part is what importPart cuts from the whole file, so
// the bridge, the answers per part and send again see the same file, but the whole is never built.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  bankVoucherIds,
  bankVoucherParts,
  buildBankVouchersXml,
  importLayout,
  importPart,
  joinParts,
  keptSubset,
  layoutVoucherIds,
  partCount,
  PartsJoiner,
  type BankTransaction,
  type BankVouchersInput,
} from '../src/index.ts';

function rows(n: number): BankTransaction[] {
  return Array.from({ length: n }, (_, i) => ({
    date: `2025-0${(i % 9) + 1}-1${i % 9}`,
    description: `UPI/${100000 + i}/Payee ${i % 40} <&> ₹`,
    // every 7th row prints both amounts (two vouchers); every 11th is a twin of the one before
    withdrawal: i % 11 === 10 ? 1000 + i - 1 : i % 2 || i % 7 === 0 ? 1000 + i : 0,
    deposit: i % 2 && i % 7 !== 0 ? 0 : 2000 + i,
    reference: i % 11 === 10 ? String(500000 + i - 1) : String(500000 + i),
    ledger: i % 5 === 0 ? '' : i % 3 === 0 ? `Party ${i % 17}` : 'Sales',
  }));
}

const input = (n: number, extra: Partial<BankVouchersInput> = {}): BankVouchersInput => ({
  company: 'Parts & Co',
  bankLedger: 'HDFC Bank',
  accountNumber: '50100012345678',
  transactions: rows(n),
  withMasters: true,
  contraForCash: true,
  newLedgerGroup: 'Sundry Debtors',
  ledgerGroups: { Sales: 'Sales Accounts' },
  ...extra,
});

test('each part built is the part importPart cuts from the whole file; joined they are the whole', () => {
  for (const [n, perPart] of [
    [1, 500],
    [37, 7],
    [120, 10],
    [250, 500],
    [4500, 500],
  ] as const) {
    const whole = buildBankVouchersXml(input(n));
    const layout = importLayout(whole);
    const parts = [...bankVoucherParts(input(n), perPart)];
    assert.equal(parts.length, partCount(layout, perPart), `${n} rows, ${perPart} a part`);
    parts.forEach((p, i) => {
      const cut = importPart(whole, layout, i, perPart);
      assert.equal(p.xml, cut.xml, `${n} rows: part ${i}`);
      assert.equal(p.vouchers, cut.vouchers);
      assert.equal(p.masters, cut.masters);
    });
    assert.equal(joinParts(parts.map((p) => p.xml)), whole, `${n} rows joined`);
  }
});

test('left-out vouchers, and every voucher left out: the parts are still the whole file cut', () => {
  const base = input(60);
  const ids = bankVoucherIds(base).flat();
  const some = { ...base, leaveOut: new Set(ids.filter((_, i) => i % 3 === 0)) };
  const whole = buildBankVouchersXml(some);
  const parts = [...bankVoucherParts(some, 8)];
  assert.equal(joinParts(parts.map((p) => p.xml)), whole);
  assert.equal(parts.length, partCount(importLayout(whole), 8));
  const none = { ...base, leaveOut: new Set(ids) };
  const onlyMasters = [...bankVoucherParts(none, 8)];
  assert.equal(onlyMasters.length, 1);
  assert.equal(onlyMasters[0].vouchers, 0);
  assert.equal(onlyMasters[0].xml, buildBankVouchersXml(none));
});

test('a row ledger whose group nobody chose is refused before a part is built, as the whole file is', () => {
  const ungrouped = input(30, { newLedgerGroup: undefined });
  assert.throws(() => buildBankVouchersXml(ungrouped), /ungrouped ledgers: Party 3/);
  assert.throws(() => bankVoucherParts(ungrouped, 10).next(), /ungrouped ledgers: Party 3/);
});

test('parts are built one at a time: a large file is never held whole', (t) => {
  // 20,000 rows of 2,000-character narrations: the whole file is ~70 MB; a part of 500 vouchers is
  // under 2 MB. Asking for the parts one by one, the heap never holds much more than one part.
  const big: BankVouchersInput = {
    ...input(0),
    // flat strings made now (a padded string is a rope V8 flattens when first read: 80 MB then)
    transactions: rows(20_000).map((r) => ({
      ...r,
      description: Buffer.from(r.description.padEnd(2000, 'x')).toString(),
    })),
  };
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = 0;
  let largest = 0;
  let total = 0;
  let count = 0;
  for (const part of bankVoucherParts(big, 500)) {
    largest = Math.max(largest, part.xml.length);
    total += part.xml.length;
    count++;
    if (count % 8 === 0) {
      globalThis.gc?.();
      peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
  }
  t.diagnostic(
    `${count} parts, ${(total / 2 ** 20).toFixed(1)} MB in all, largest ${(largest / 2 ** 20).toFixed(2)} MB, heap grew ${(peak / 2 ** 20).toFixed(1)} MB`,
  );
  assert.ok(total > 60 * 2 ** 20, `the file is ${total} bytes`);
  assert.ok(largest < 2 * 2 ** 20, `the largest part is ${largest} bytes`);
  if (globalThis.gc) assert.ok(peak < 40 * 2 ** 20, `the heap grew ${(peak / 2 ** 20).toFixed(1)} MB`);
});

test("send again a part at a time: each part's subset joined is the subset of the whole file", () => {
  for (const [n, perPart, every] of [
    [120, 10, 3],
    [37, 7, 1],
    [250, 50, 1000],
    [4500, 500, 7],
  ] as const) {
    const parts = [...bankVoucherParts(input(n), perPart)].map((p) => p.xml);
    const whole = joinParts(parts);
    const ids = layoutVoucherIds(whole, importLayout(whole));
    // keep every `every`th voucher, and the whole of the last part's vouchers left out
    const lastPart = new Set(layoutVoucherIds(parts.at(-1)!, importLayout(parts.at(-1)!)));
    const at = new Map(ids.map((id, i) => [id, i]));
    const keep = (id: string) => at.get(id)! % every === 0 && !(parts.length > 1 && lastPart.has(id));
    const expected = keptSubset(whole, keep);
    const joiner = new PartsJoiner();
    let xml = '';
    const kept: string[] = [];
    let vouchers = 0;
    for (const part of parts) {
      const s = keptSubset(part, keep);
      xml += joiner.add(s.xml);
      kept.push(...s.ids);
      vouchers += s.vouchers;
    }
    xml += joiner.end();
    assert.ok(expected.vouchers > 0);
    assert.equal(xml, expected.xml, `${n} rows, ${perPart} a part, every ${every}th`);
    assert.deepEqual(kept, expected.ids);
    assert.equal(vouchers, expected.vouchers);
  }
});
