// Contra only for true cash: checked on the narrations of every bank in the corpora.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildBankVouchersXml, isCashNarration, NOT_CASH, readImportXml } from '../src/index.ts';
import { shared } from './helpers.ts';

const corpora = [shared('corpus'), shared('corpus-real')];
const needsCorpora = corpora.find((c) => c.options.skip)?.options ?? {};

function narrations(): { bank: string; description: string; side: 'withdrawal' | 'deposit' }[] {
  const out: { bank: string; description: string; side: 'withdrawal' | 'deposit' }[] = [];
  for (const root of corpora.map((c) => c.dir)) {
    for (const dir of readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const f of readdirSync(join(root, dir.name)).filter((f) => f.endsWith('.truth.json'))) {
        const truth = JSON.parse(readFileSync(join(root, dir.name, f), 'utf8')) as {
          transactions?: { description: string; withdrawal: number; deposit: number }[];
          descriptions?: string[];
        };
        for (const t of truth.transactions ?? [])
          out.push({
            bank: dir.name,
            description: t.description,
            side: t.withdrawal ? 'withdrawal' : 'deposit',
          });
        for (const d of truth.descriptions ?? []) {
          out.push({ bank: dir.name, description: d, side: 'withdrawal' });
          out.push({ bank: dir.name, description: d, side: 'deposit' });
        }
      }
    }
  }
  return out;
}

test(
  'contra: no charge, AMC, fee, GST, interest or reversal narration of any bank is cash',
  needsCorpora,
  () => {
    const all = narrations();
    assert.ok(new Set(all.map((n) => n.bank)).size >= 15, 'every bank of both corpora is read');
    const wrong = all.filter((n) => isCashNarration(n.description, n.side) && NOT_CASH.test(n.description));
    assert.deepEqual(wrong, []);
    for (const n of all.filter((x) => /\bAMC\b|\bCHARGES?\b|\bFEE\b|\bGST\b/i.test(x.description)))
      assert.equal(isCashNarration(n.description, n.side), false, n.description);
  },
);

test('contra: the card fees that a bare ATM made into cash are not cash', () => {
  for (const d of [
    'ATM CARD AMC APR-JUN24',
    'DEBIT-ATM CARD AMC-',
    'ATM CARD AMC APR-JUN25+GST',
    'ATM DECLINE CHARGES',
    'REV-ATM CASH WDL',
    'ATM WDL CHGS INCL GST',
    'DR ATM CARD ANNUAL FEE',
  ])
    assert.equal(isCashNarration(d, 'withdrawal'), false, d);
});

test('contra: the cash withdrawals and deposits each bank prints are cash', () => {
  const withdrawals = [
    'ATM CASH/108396/S1W5PND17/AHMEDABAD',
    'ATM WDL-ATM CASH 0540 MUMBAI ANDHERI EAST-',
    'ATM-CASH-AXIS/D13G8156/CHENNAI',
    'ATM-CASH/DJQAL928/CHENNAI',
    'ATM/CASH WDL/D2TXVE30/LUCKNOW/12-09-23',
    'ATW-413819XXXXXX9697-S1CK8DE79-CHANDIGARH',
    'NFS/CASH WDL/DYN4MN73/LUCKNOW/04-08-23',
    'NWD-427642XXXXXX2934-S1LQFOS62-AHMEDABAD',
    'CASH WITHDRAWAL SELF',
  ];
  for (const d of withdrawals) assert.equal(isCashNarration(d, 'withdrawal'), true, d);
  const deposits = [
    'CAM/D0IFO319/CASH DEP/13-08-23',
    'CASH DEP DHARAMPETH',
    'CASH DEPOSIT/LANKA',
    'CASH DEPOSIT-BY CASH T NAGAR-',
    'BY CASH',
  ];
  for (const d of deposits) assert.equal(isCashNarration(d, 'deposit'), true, d);
});

test('contra: every ATM withdrawal of the corpora is cash', needsCorpora, () => {
  const found = narrations().filter(
    (n) => n.side === 'withdrawal' && /^(ATM[\s/-]*(CASH|WDL)|ATW-|NWD-|NFS\/CASH WDL)/.test(n.description),
  );
  assert.ok(found.length > 50);
  for (const n of found)
    assert.equal(isCashNarration(n.description, n.side), true, `${n.bank}: ${n.description}`);
});

test('contra: an ATM card AMC stays a Payment to its ledger, an ATM withdrawal becomes a Contra', () => {
  const xml = buildBankVouchersXml({
    bankLedger: 'HDFC A/c',
    contraForCash: true,
    transactions: [
      { date: '2025-07-01', description: 'DEBIT-ATM CARD AMC-', withdrawal: 29500, deposit: 0 },
      { date: '2025-07-02', description: 'ATM WDL-ATM CASH 0540 MUMBAI', withdrawal: 500000, deposit: 0 },
    ],
  });
  const types = readImportXml(xml).objects.map((o) =>
    o.kind === 'VOUCHER' ? `${o.type}:${o.party}` : o.kind,
  );
  assert.deepEqual(types, ['Payment:Suspense', 'Contra:Cash']);
});
