// The bank table is the one place for a bank's facts: every list Bahi shows is derived from it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import {
  BANKS,
  BANK_CODES,
  BANK_LABELS,
  bankAccepts,
  bankCodeList,
  bankLabel,
  defaultBankLedger,
  isBankCode,
  ledgerLabel,
  xmlDownloadName,
} from '../src/banks.ts';

test('the 13 banks of the specification, in the dropdown order, each once', () => {
  assert.deepEqual(BANK_CODES, [
    'AXIS',
    'KOTAK',
    'HDFC',
    'ICICI',
    'SBI',
    'BOB',
    'UNION',
    'PNB',
    'CANARA',
    'UTKARSH',
    'BOM',
    'INDIANBANK',
    'BANKOFINDIA',
  ]);
  assert.equal(new Set(BANKS.map((b) => b.ifscPrefix)).size, BANKS.length, 'IFSC prefixes are unique');
  for (const b of BANKS) assert.match(b.ifscPrefix, /^[A-Z]{4}0$/, b.code);
  assert.equal(BANK_LABELS.SBI, 'State Bank of India');
  assert.ok(isBankCode('HDFC') && !isBankCode('hdfc') && !isBankCode('ZETA'));
});

test('the default ledger: the label, except Bank of Baroda by its short name', () => {
  assert.equal(defaultBankLedger('HDFC', ' 50100123 '), 'HDFC Bank A/c 50100123');
  assert.equal(defaultBankLedger('BOB', '1211'), 'BOB A/c 1211');
  assert.equal(defaultBankLedger('BOB', ''), 'BOB A/c');
  assert.equal(defaultBankLedger(null, '99'), 'Bank A/c 99');
  assert.equal(ledgerLabel('ZETA'), 'Bank');
  assert.equal(bankLabel('BOB'), 'Bank of Baroda');
  assert.equal(bankLabel(undefined), 'Bank');
});

test('download names and the Excel kinds each upload offers', () => {
  assert.equal(xmlDownloadName('BOB', '1211'), 'bob_statement_1211.xml');
  assert.equal(xmlDownloadName('SBI', '389'), 'statement_389.xml');
  assert.ok(bankAccepts('HDFC', 'xlsx') && bankAccepts('SBI', 'xls') && !bankAccepts('SBI', 'xlsx'));
  assert.ok(bankAccepts('PNB', 'pdf') && bankAccepts('PNB', 'rpt') && !bankAccepts('PNB', 'xls'));
  assert.ok(!bankAccepts('ZETA', 'pdf'));
});

test("the README's list of banks is the table's", () => {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
  const listed = /<!-- banks -->([\s\S]*?)<!-- \/banks -->/.exec(readme)?.[1];
  const expected = `${BANK_CODES.length} banks (${bankCodeList()})`;
  assert.equal(
    listed,
    expected,
    `put this between <!-- banks --> and <!-- /banks --> in README.md: ${expected}`,
  );
});
