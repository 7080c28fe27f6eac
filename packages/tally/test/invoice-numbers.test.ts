// Invoices as issued (issue 31): TallyPrime replaces VOUCHERNUMBER under a voucher type it numbers
// automatically (the predefined Sales), which the emulator now does too; invoices under a type of
// their own numbered by hand keep the numbers the office issued, which GSTR-1 reports.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildTaxInvoicesXml, pushToTally, startTallyEmulator, type RunningEmulator } from '../src/index.ts';

let tally: RunningEmulator;
before(async () => {
  tally = await startTallyEmulator({ companies: [{ name: 'Numbers Co', state: 'Uttar Pradesh' }] });
});
after(() => tally.close());

const vouchers = ['INV/2025/0042', 'INV/2025/0043'].map((Reference, i) => ({
  Reference,
  Date: `2025-08-0${i + 1}`,
  Items: [{ 'Item Name': 'Rice', Quantity: 1, 'Selling Price': 500, GST: 5, HSN: '1006' }],
}));
const numbers = () => tally.emulator.imported().companies[0].vouchers.map((v) => v.number);

test('under the predefined Sales (numbered automatically) the numbers sent are replaced: caught', async () => {
  tally.emulator.reset();
  const xml = buildTaxInvoicesXml({
    vouchers,
    company: 'Numbers Co',
    companyState: 'Uttar Pradesh',
    withMasters: true,
  });
  assert.equal((await pushToTally(xml, { port: tally.port })).ok, true);
  assert.deepEqual(numbers(), ['1', '2']);
});

test('under a voucher type of their own numbered by hand, the invoices keep their numbers', async () => {
  tally.emulator.reset();
  const input = {
    vouchers,
    company: 'Numbers Co',
    companyState: 'Uttar Pradesh',
    withMasters: true,
    voucherType: 'Bahi Sales',
  };
  const xml = buildTaxInvoicesXml(input);
  assert.match(
    xml,
    /<VOUCHERTYPE NAME="Bahi Sales" ACTION="Create">[\s\S]*<NUMBERINGMETHOD>Manual<\/NUMBERINGMETHOD>/,
  );
  const answer = await pushToTally(xml, { port: tally.port });
  assert.equal(answer.ok, true, answer.problems.join('; '));
  assert.deepEqual(numbers(), ['INV/2025/0042', 'INV/2025/0043']);
  // A company known to have the type: it is not declared again.
  const known = buildTaxInvoicesXml({ ...input, existingVoucherTypes: ['bahi sales'] });
  assert.doesNotMatch(known, /<VOUCHERTYPE NAME/);
});
