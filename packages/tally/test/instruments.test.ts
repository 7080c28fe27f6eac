// Instrument numbers and UTRs for every bank that prints them, and the party's name only where the
// bank prints it in a field of its own (issue 31). Each narration has the shape of a real
// statement's in ../shared/corpus-real (bench/instruments.ts measures the whole corpus).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bankAllocationOf } from '../src/index.ts';

const of = (description: string, reference?: string) => {
  const a = bankAllocationOf({ date: '2025-04-01', description, reference });
  return [a.transactionType, a.instrumentNumber ?? null, a.favouring ?? null];
};

test('a labelled reference (Paytm), a slash-separated RRN (PNB, ICICI)', () => {
  assert.deepEqual(
    of('Transaction ID: B1187413 Reference Number: 186180615724 Received from Acme Traders Limited'),
    ['Others', '186180615724', 'Acme Traders Limited'],
  );
  assert.deepEqual(of('UPI/P2M/474601774071/SHARMA STORES'), ['Others', '474601774071', 'SHARMA STORES']);
  assert.deepEqual(of('BIL/ONL/673920925425/Tata Power/'), ['Others', '673920925425', 'Tata Power']);
  // a printed reference still wins
  assert.deepEqual(of('BIL/ONL/673920925425/Tata Power/', 'REF77')[1], 'REF77');
});

test("a cheque number after the cheque words (Kotak's BY CLG INST)", () => {
  assert.deepEqual(of('BY CLG INST 590558:YES AT MUMBAI'), ['Cheque', '590558', null]);
  assert.deepEqual(of('TRF FROM CHQ 348 RAVI KUMAR'), ['Cheque', '348', 'RAVI KUMAR']);
});

test('a transfer reference with ten digits or more: Axis NEFT/<utr>/, HDFC N<digits> before NEFT', () => {
  assert.deepEqual(of('NEFT/26322154049DC/ACME CORP/ICICI B/salary')[1], '26322154049DC');
  assert.deepEqual(
    of('N0011885834 NEFT CR-UTIB0003825-RAZORPAY SOFTWARE PRIVATE LIMITED-PAYOUT')[1],
    'N0011885834',
  );
});

test('a number elsewhere in a transfer narration is not its reference (an account, a phone)', () => {
  assert.deepEqual(of('NEFT TRANSFER TO A/C 50100123456789 RENT')[1], null);
  assert.deepEqual(of('IMPS TO 9876543210 RAVI')[1], null);
  // where the bank prints it: after the mode word (ICICI 'NEFT-<utr>-'), or as a hyphen field
  assert.deepEqual(of('NEFT-S563527527832016-ACME CORP-NEFT PAYMENT')[1], 'S563527527832016');
  assert.deepEqual(of('NEFT DR-SBIN0548595-ACME CORP-SALARY-N469569519121478')[1], 'N469569519121478');
});

test("the party from the bank's own field: NEFT CR-<IFSC>-<NAME>-, 'Sent to:'", () => {
  assert.equal(
    of('NEFT CR-UTIB0003825-RAZORPAY SOFTWARE PRIVATE LIMITED-PAYOUT-AXISCN0123456789')[2],
    'RAZORPAY SOFTWARE PRIVATE LIMITED',
  );
  assert.equal(of('UPI Sent to: Meera Textiles UPI: 9373965704@paytm')[2], 'Meera Textiles');
});

test('a charge keeps only its own reference; nothing is guessed from a bare narration', () => {
  // the charge names the IMPS it is for: that number is the transfer's, not the charge's
  assert.deepEqual(of('Chrg:IMPS on 01-04-2025 233668331481'), ['Others', null, null]);
  assert.deepEqual(of('TRANSFER'), ['Others', null, null]);
  assert.deepEqual(of('ATM CASH WDL 12-04-25'), ['Others', null, null]);
});
