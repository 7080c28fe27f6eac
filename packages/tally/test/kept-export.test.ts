// A kept export read back voucher by voucher (the list of pushes), and narrowed to the vouchers
// Tally did not take ("send again", issue 31): the narrowed file is a complete import whose vouchers
// are exactly the ones kept, with the masters again, and Tally (the emulator) takes it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  bankVoucherIds,
  buildBankVouchersXml,
  countImportObjects,
  keptSubset,
  keptVouchers,
  readImportXml,
  TallyEmulator,
  type BankTransaction,
} from '../src/index.ts';

const LEDGER = 'HDFC 123';
const transactions: BankTransaction[] = Array.from({ length: 7 }, (_, i) => ({
  date: `2025-04-0${i + 1}`,
  description: `NEFT/${900 + i}/Payee ${i}`,
  withdrawal: i % 2 ? 1000 * (i + 1) : 0,
  deposit: i % 2 ? 0 : 2000 * (i + 1),
  balance: 100000 + i,
  ledger: i === 3 ? 'Rent' : undefined,
}));
// A reversal printed as a negative withdrawal: money in.
transactions.push({ date: '2025-04-09', description: 'REV', withdrawal: -100, deposit: 0, balance: 100100 });

const xml = buildBankVouchersXml({
  bankLedger: LEDGER,
  transactions,
  company: 'K & Co',
  withMasters: true,
  ledgerGroups: { Rent: 'Indirect Expenses' },
});
const ids = bankVoucherIds({ bankLedger: LEDGER, transactions }).flat();

test('each voucher of a kept file: id, part, date, the bank movement and the other ledger', () => {
  const vouchers = keptVouchers(xml, LEDGER, 3);
  assert.deepEqual(
    vouchers.map((v) => v.remoteId),
    ids,
  );
  assert.deepEqual(
    vouchers.map((v) => v.part),
    [0, 0, 0, 1, 1, 1, 2, 2],
  );
  assert.deepEqual(vouchers[0], {
    remoteId: ids[0],
    index: 0,
    part: 0,
    date: '2025-04-01',
    type: 'Receipt',
    party: 'Suspense',
    side: 'deposit',
    paise: 2000,
    narration: 'NEFT/900/Payee 0',
  });
  assert.equal(vouchers[3].party, 'Rent');
  assert.equal(vouchers[3].side, 'withdrawal');
  assert.equal(vouchers[3].paise, 4000);
  // The reversal moves money in, as printed.
  assert.equal(vouchers[7].side, 'deposit');
  assert.equal(vouchers[7].paise, 100);
});

test('the file narrowed to some vouchers: those alone, the masters again, and Tally takes it', () => {
  const keep = new Set([ids[1], ids[4], ids[7]]);
  const subset = keptSubset(xml, (id) => keep.has(id));
  assert.deepEqual(subset.ids, [ids[1], ids[4], ids[7]]);
  assert.equal(subset.vouchers, 3);
  const read = readImportXml(subset.xml);
  assert.deepEqual(
    read.objects.filter((o) => o.kind === 'VOUCHER').map((o) => (o.kind === 'VOUCHER' ? o.remoteId : '')),
    [ids[1], ids[4], ids[7]],
  );
  assert.equal(read.company, 'K & Co');
  const masters = readImportXml(xml).objects.filter((o) => o.kind !== 'VOUCHER').length;
  assert.equal(read.objects.length - 3, masters, 'every master of the file goes again');
  const emulator = new TallyEmulator(['K & Co']);
  const { outcome } = emulator.importXml(subset.xml);
  assert.equal(outcome.errors + outcome.exceptions, 0, outcome.lineErrors.join('; '));
  assert.equal(emulator.book.company('K & Co')!.vouchers.length, 3);
  assert.equal(countImportObjects(subset.xml), masters + 3);
  // Nothing kept: the masters alone.
  assert.equal(keptSubset(xml, () => false).vouchers, 0);
});
