import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { BANK_LABELS, isBankCode, type BankCode } from '@bahi/core';
import { buildMultiAccountBankVouchersXml, statementToBankAccounts } from '@bahi/tally';

const USAGE = `Usage: bahi xml FILE [--bank CODE] [--password PW] [--ledger 'HDFC Bank A/c'] [--company NAME]
                [--with-masters] [--contra-for-cash] [--out FILE]

Parses a bank statement and writes its Tally import XML (to stdout without --out).
Withdrawals become Payment vouchers, deposits Receipt vouchers, against a 'Suspense' ledger.
--ledger names the bank ledger (default: '<bank label> A/c <account number>'); for a statement
with several accounts each account gets '<ledger> <account number>'.`;

export async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        bank: { type: 'string' },
        password: { type: 'string' },
        ledger: { type: 'string' },
        company: { type: 'string' },
        'with-masters': { type: 'boolean' },
        'contra-for-cash': { type: 'boolean' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    process.stderr.write(`bahi xml: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1) {
    process.stdout.write(USAGE + '\n');
    return values.help ? 0 : 2;
  }
  const bankOpt = values.bank?.toUpperCase();
  if (bankOpt && !isBankCode(bankOpt)) {
    process.stderr.write(`bahi xml: unknown bank '${values.bank}'\n`);
    return 2;
  }
  const file = positionals[0];
  const statements = await import('@bahi/statements');
  try {
    const { result } = await statements.extractStatement(await readFile(file), {
      password: values.password,
      bank: bankOpt as BankCode | undefined,
      fileName: basename(file),
    });
    const bank = result.bank ?? (bankOpt as BankCode | undefined);
    const label = bank ? BANK_LABELS[bank] : 'Bank';
    const accounts = statementToBankAccounts(result.accounts, values.ledger, label);
    const xml = buildMultiAccountBankVouchersXml({
      accounts,
      company: values.company,
      withMasters: values['with-masters'],
      contraForCash: values['contra-for-cash'],
    });
    const count = accounts.reduce((n, a) => n + a.transactions.length, 0);
    if (values.out) {
      await writeFile(values.out, xml);
      process.stderr.write(
        `bahi xml: ${count} transactions, ${accounts.length} account(s) -> ${values.out}\n`,
      );
    } else process.stdout.write(xml);
    return 0;
  } catch (err) {
    const e = err as { userMessage?: string; message?: string };
    process.stderr.write(`bahi xml: ${e.userMessage ?? e.message ?? String(err)}\n`);
    return 1;
  } finally {
    await statements.closePool();
  }
}
