// A narration's party (issue 34 round three, "same party, same ledger?"): its UPI ID, else its payee.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { narrationKeys, partyOf } from '../src/index.ts';

test('the party is the UPI ID when there is one, the same under two spellings of the payee', () => {
  const a = partyOf('UPI-RAMESH KUMAR-ramesh.k@okaxis-601234');
  const b = partyOf('UPI-RAMESH K-ramesh.k@okaxis-601236');
  assert.deepEqual(a, { key: 'vpa:ramesh.k@okaxis', kind: 'vpa', shown: 'ramesh.k@okaxis' });
  assert.equal(b?.key, a?.key);
});

test('without a UPI ID the party is the payee, bank words left out; none when only bank words', () => {
  assert.deepEqual(partyOf('NEFT-GOPAL AND SONS-N1234'), {
    key: 'payee:gopal sons',
    kind: 'payee',
    shown: 'GOPAL AND SONS',
  });
  assert.equal(partyOf('NEFT CREDIT 1004 SHOP4'), null);
  assert.equal(partyOf('ATM CASH WDL'), null);
  // keywords are no party (the memory still keeps them)
  assert.ok(narrationKeys('POS 4432 AMAZON RETAIL').some((k) => k.kind === 'word'));
  assert.equal(partyOf('POS 4432 AMAZON RETAIL'), null);
});
