import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  bankAllocationOf,
  CHARGE_WORDS,
  buildBankVouchersXml,
  isJunkReference,
  readImportXml,
  xmlParser,
} from '../src/index.ts';
import { shared } from './helpers.ts';

const d = '2024-06-03';

test('bank allocation: type, transfer mode and instrument from the narration', () => {
  assert.deepEqual(
    bankAllocationOf({ date: d, description: 'CHQ PAID/ANNAPURNA FOODS', reference: '234407' }),
    {
      date: d,
      instrumentDate: d,
      bankersDate: d,
      transactionType: 'Cheque',
      instrumentNumber: '234407',
      favouring: 'ANNAPURNA FOODS',
    },
  );
  const neft = bankAllocationOf({
    date: d,
    valueDate: '2024-06-04',
    description: 'NEFT/OUT/HDFCN242082354961/BHARAT ELECTRICALS/HDFC0492140',
  });
  assert.equal(neft.transactionType, 'e-Fund Transfer');
  assert.equal(neft.transferMode, 'NEFT');
  assert.equal(neft.instrumentNumber, 'HDFCN242082354961');
  assert.equal(neft.instrumentDate, '2024-06-04');
  assert.equal(neft.bankersDate, d);
  assert.equal(neft.favouring, 'BHARAT ELECTRICALS');
  const upi = bankAllocationOf({
    date: d,
    description: 'UPI/CR/300134697189/VENKATESH GILL/UTKS/venkatesh718@ibl/groceries',
  });
  assert.deepEqual(
    [upi.transactionType, upi.instrumentNumber, upi.favouring],
    ['Others', '300134697189', 'VENKATESH GILL'],
  );
  const fee = bankAllocationOf({ date: d, description: 'ATM CARD AMC APR-JUN24', reference: '000000' });
  assert.deepEqual(
    [fee.transactionType, fee.instrumentNumber, fee.favouring],
    ['Others', undefined, undefined],
  );
  assert.equal(
    bankAllocationOf({ date: d, description: 'INT PD', chequeNumber: '000123' }).transactionType,
    'Cheque',
  );
});

test('junk references (all zeros, punctuation) are dropped from the narration, REFERENCE and the allocation', () => {
  for (const r of ['0', '000000000000', ' - ', '', '0/0', 'N/A']) assert.equal(isJunkReference(r), true, r);
  for (const r of ['495548', 'NEFTINW-227587', '0012']) assert.equal(isJunkReference(r), false, r);
  const xml = buildBankVouchersXml({
    bankLedger: 'B',
    transactions: [
      { date: d, description: 'BY TRANSFER', withdrawal: 0, deposit: 100, reference: '00000000' },
    ],
  });
  assert.doesNotMatch(xml, /00000000/);
});

test('bank allocation on the bank leg only, with the leg’s own amount', () => {
  const xml = buildBankVouchersXml({
    bankLedger: 'B',
    contraForCash: true,
    transactions: [
      {
        date: d,
        description: 'NEFT/IN/BKIDH241534760698/JAI HIND TEXTILES/BKID0473237',
        withdrawal: 0,
        deposit: 12345,
      },
      { date: d, description: 'ATM CASH/473770/DDTLQW12/NEW DELHI', withdrawal: 500000, deposit: 0 },
    ],
  });
  const messages = (xmlParser.parse(xml) as any).ENVELOPE.BODY.IMPORTDATA.REQUESTDATA.TALLYMESSAGE as any[];
  for (const m of messages) {
    for (const leg of m.VOUCHER['ALLLEDGERENTRIES.LIST'] as any[]) {
      const alloc = leg['BANKALLOCATIONS.LIST'];
      if (leg.LEDGERNAME === 'B') assert.equal(alloc[0].AMOUNT, leg.AMOUNT);
      else assert.equal(alloc, undefined);
    }
  }
});

const corpus = shared('corpus');
test(
  'every NEFT/RTGS/IMPS narration of the corpus gets an e-Fund Transfer with an instrument number',
  corpus.options,
  () => {
    const root = corpus.dir;
    let n = 0;
    for (const dir of readdirSync(root, { withFileTypes: true }).filter((x) => x.isDirectory())) {
      for (const f of readdirSync(join(root, dir.name)).filter((x) => x.endsWith('.truth.json'))) {
        const truth = JSON.parse(readFileSync(join(root, dir.name, f), 'utf8'));
        for (const t of truth.transactions as {
          date: string;
          description: string;
          reference: string | null;
        }[]) {
          if (!/\b(NEFT|RTGS|IMPS)\b/.test(t.description)) continue;
          if (CHARGE_WORDS.test(t.description)) {
            assert.equal(
              bankAllocationOf({ ...t, reference: undefined }).transactionType,
              'Others',
              t.description,
            );
            continue;
          }
          const a = bankAllocationOf({ ...t, reference: t.reference ?? undefined });
          assert.equal(a.transactionType, 'e-Fund Transfer', t.description);
          assert.ok(a.instrumentNumber, `${dir.name}: ${t.description}`);
          n++;
        }
      }
    }
    assert.ok(n > 100);
  },
);

test('no banker’s date unless asked: the bank line stays the accountant’s to reconcile (issue 31)', () => {
  const input = {
    bankLedger: 'HDFC',
    transactions: [
      {
        date: '2025-06-03',
        description: 'CHQ PAID 495548',
        withdrawal: 4500000,
        deposit: 0,
        reference: '495548',
      },
    ],
  };
  const bank = (xml: string) =>
    readImportXml(xml)
      .objects.flatMap((o) => (o.kind === 'VOUCHER' ? o.legs : []))
      .find((l) => l.ledger === 'HDFC')?.bank;
  assert.equal(bank(buildBankVouchersXml(input))?.bankersDate, '');
  assert.equal(bank(buildBankVouchersXml(input))?.instrumentNumber, '495548');
  assert.equal(bank(buildBankVouchersXml({ ...input, reconciled: true }))?.bankersDate, '20250603');
});
