// The bank ledger of each account of a read statement (the CLI's `bahi xml`): the default is the
// specification's '{label} A/c {number}', written once in @bahi/core.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { defaultBankLedger, ledgerLabel } from '@bahi/core';
import { bankLedgerNames } from '../src/statement.ts';

test('one account: the ledger given, else the default of the bank (BOB by its short name)', () => {
  assert.deepEqual(bankLedgerNames([{ number: ' 1211 ' }], undefined, ledgerLabel('BOB')), ['BOB A/c 1211']);
  assert.deepEqual(bankLedgerNames([{ number: '1211' }], undefined, ledgerLabel('BOB')), [
    defaultBankLedger('BOB', '1211'),
  ]);
  assert.deepEqual(bankLedgerNames([{ number: null }], undefined, 'HDFC Bank'), ['HDFC Bank A/c']);
  assert.deepEqual(bankLedgerNames([{ number: '9' }], ' Main bank ', 'HDFC Bank'), ['Main bank']);
});

test('several accounts: each posts to its own ledger, numbered by position when it has no number', () => {
  const accounts = [{ number: '111' }, { number: null }];
  assert.deepEqual(bankLedgerNames(accounts, undefined, 'Axis Bank'), [
    'Axis Bank A/c 111',
    'Axis Bank A/c 2',
  ]);
  assert.deepEqual(bankLedgerNames(accounts, 'Axis', 'Axis Bank'), ['Axis 111', 'Axis 2']);
});
