// Measure: how many bank vouchers carry no instrument number (cheque number, UTR, RRN) and no
// favouring name, over the real statements' ground truth (../shared/corpus-real/*/*.truth.json), per
// bank: what TallyPrime's bank reconciliation has to match on (issue 31).
//   node packages/tally/bench/instruments.ts [--rows BANK]   (--rows prints that bank's rows without one)
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rupeesToPaise } from '@bahi/core';
import { bankAllocationOf, bankMovements, isJunkReference } from '../src/index.ts';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const REAL = path.resolve(ROOT, '../shared/corpus-real');
if (!existsSync(REAL)) throw new Error(`${REAL} is absent`);
const show = process.argv.includes('--rows') ? process.argv[process.argv.indexOf('--rows') + 1] : undefined;

type Truth = {
  transactions: {
    date: string;
    valueDate: string | null;
    description: string;
    reference: string | null;
    withdrawal: number;
    deposit: number;
  }[];
};
const per = new Map<string, { vouchers: number; noInstrument: number; noFavouring: number }>();
for (const bank of readdirSync(REAL).sort()) {
  const dir = path.join(REAL, bank);
  if (!statSync(dir).isDirectory()) continue;
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.truth.json'))) {
    const truth = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Truth;
    const count = per.get(bank) ?? { vouchers: 0, noInstrument: 0, noFavouring: 0 };
    for (const t of truth.transactions ?? []) {
      const tx = {
        date: t.date,
        valueDate: t.valueDate ?? undefined,
        description: t.description,
        reference: isJunkReference(t.reference) ? undefined : (t.reference ?? undefined),
        withdrawal: rupeesToPaise(t.withdrawal || 0),
        deposit: rupeesToPaise(t.deposit || 0),
      };
      const moves = bankMovements(tx).length;
      const a = bankAllocationOf(tx);
      count.vouchers += moves;
      if (!a.instrumentNumber) {
        count.noInstrument += moves;
        if (show === bank) console.log('no instrument:', t.description, '|', t.reference ?? '');
      }
      if (!a.favouring) count.noFavouring += moves;
    }
    per.set(bank, count);
  }
}
let all = { vouchers: 0, noInstrument: 0, noFavouring: 0 };
for (const [bank, c] of per) {
  console.log(
    `${bank.padEnd(12)} ${String(c.vouchers).padStart(5)} vouchers, ${String(c.noInstrument).padStart(4)} without an instrument number, ${String(c.noFavouring).padStart(4)} without a favouring name`,
  );
  all = {
    vouchers: all.vouchers + c.vouchers,
    noInstrument: all.noInstrument + c.noInstrument,
    noFavouring: all.noFavouring + c.noFavouring,
  };
}
console.log(
  `all          ${all.vouchers} vouchers, ${all.noInstrument} without an instrument number, ${all.noFavouring} without a favouring name`,
);
