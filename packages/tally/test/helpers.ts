import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildBankVouchersXml,
  buildManualVouchersXml,
  buildTaxInvoicesXml,
  ledgersNamed,
  readImportXml,
  voucherBalance,
  TALLY_DEFAULT_LEDGERS,
  type ImportedVoucher,
} from '../src/index.ts';

export const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden');

export interface GoldenCase {
  name: string;
  builder: 'bank' | 'invoice' | 'manual';
  input: unknown;
  expectedLedgers: string[];
  expectedItems?: string[];
  jsonPath: string;
  xmlPath: string;
}

export function goldenCases(): GoldenCase[] {
  return readdirSync(GOLDEN_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const data = JSON.parse(readFileSync(join(GOLDEN_DIR, f), 'utf8'));
      const name = f.replace(/\.json$/, '');
      return { name, ...data, jsonPath: join(GOLDEN_DIR, f), xmlPath: join(GOLDEN_DIR, `${name}.xml`) };
    });
}

export function buildGolden(c: GoldenCase): string {
  switch (c.builder) {
    case 'bank':
      return buildBankVouchersXml(c.input as Parameters<typeof buildBankVouchersXml>[0]);
    case 'invoice':
      return buildTaxInvoicesXml(c.input as Parameters<typeof buildTaxInvoicesXml>[0]);
    case 'manual':
      return buildManualVouchersXml(c.input as Parameters<typeof buildManualVouchersXml>[0]);
  }
}

/**
 * The invariants every generated file must keep: each voucher sums to zero, and each ledger a
 * voucher names is declared earlier in the file, exists in every new Tally company, or is on the
 * list of ledgers the caller says exist. Returns the problems (empty when fine).
 */
export function checkImportFile(
  xml: string,
  expectedLedgers: readonly string[] = [],
  /** stock items the company is said to keep (read from Tally): not declared, still known */
  expectedItems: readonly string[] = [],
): {
  problems: string[];
  vouchers: ImportedVoucher[];
} {
  const request = readImportXml(xml);
  const known = new Set([...TALLY_DEFAULT_LEDGERS, ...expectedLedgers].map((n) => n.toLowerCase()));
  const items = new Set<string>(expectedItems.map((n) => n.toLowerCase()));
  const problems: string[] = [];
  const vouchers: ImportedVoucher[] = [];
  for (const o of request.objects) {
    if (o.kind === 'LEDGER') known.add(o.name.toLowerCase());
    else if (o.kind === 'STOCKITEM') items.add(o.name.toLowerCase());
    else if (o.kind === 'VOUCHER') {
      vouchers.push(o);
      const where = `${o.type} of ${o.date} (${o.narration || o.number})`;
      const balance = voucherBalance(o);
      if (balance !== 0) problems.push(`${where} is off by ${balance} paise`);
      if (o.date !== o.effectiveDate || !/^\d{8}$/.test(o.date)) problems.push(`${where} has a bad date`);
      for (const leg of o.legs) {
        const expect = leg.amount < 0 ? 'Yes' : 'No';
        if (leg.deemedPositive !== expect)
          problems.push(`${where}: ${leg.ledger} ISDEEMEDPOSITIVE ${leg.deemedPositive} with ${leg.amount}`);
      }
      for (const name of ledgersNamed(o))
        if (!known.has(name.toLowerCase())) problems.push(`${where} names undeclared ledger '${name}'`);
      for (const line of o.inventory)
        if (!items.has(line.item.toLowerCase()))
          problems.push(`${where} names undeclared item '${line.item}'`);
    }
  }
  return { problems, vouchers };
}

/**
 * A folder of ../shared beside the repository (the statement corpora) and the node:test options
 * for a test that reads it: skipped, saying why, when it is absent; in CI
 * (BAHI_TEST_CORPUS=required) an absent folder fails the run instead.
 */
export function shared(name: 'corpus' | 'corpus-real'): { dir: string; options: { skip?: string } } {
  const dir = join(dirname(fileURLToPath(import.meta.url)), '../../../../shared', name);
  if (existsSync(dir)) return { dir, options: {} };
  if (process.env.BAHI_TEST_CORPUS === 'required')
    throw new Error(`../shared/${name} is required but absent`);
  return { dir, options: { skip: `../shared/${name} is absent beside the repository` } };
}
