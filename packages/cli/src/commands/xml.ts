import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { BANK_CODES, diagnoseRead, ledgerLabel } from '@bahi/core';
import { buildMultiAccountBankVouchersXml, statementToBankAccounts, TallyError } from '@bahi/tally';
import {
  EXIT,
  bankOption,
  exitCodesHelp,
  exitForStatementError,
  fail,
  parseCommand,
  readInput,
} from '../args.ts';
import { readSummary } from './parse.ts';

const USAGE = `Usage: bahi xml FILE [options]

Parses a bank statement and writes its Tally import XML: withdrawals become Payment vouchers,
deposits Receipt vouchers, against a 'Suspense' ledger; a withdrawal printed negative (a reversal)
is a Receipt, a negative deposit a Payment.

Options:
  --bank CODE        the statement's bank (detected when missing), one of
                     ${BANK_CODES.slice(0, 7).join(', ')},
                     ${BANK_CODES.slice(7).join(', ')}
  --password PW      the statement's password
  --ledger NAME      the bank ledger (default '<bank label> A/c <account number>'); a statement with
                     several accounts gives each '<NAME> <account number>'
  --company NAME     the Tally company to import into (default: the one open)
  --with-masters     declare the ledgers first, so the import never fails on a missing ledger:
                     the bank ledger under Bank Accounts and Suspense under Suspense A/c (Cash
                     is Tally's own); no other ledger is ever filed under Suspense A/c
  --no-contra        cash withdrawals and deposits as Payment/Receipt against Suspense; by
                     default they (ATM CASH, CASH WDL, CDM...) are Contra vouchers against Cash,
                     as on every other path (--contra-for-cash is still accepted)
  --out FILE         write the XML there (default: stdout)
  -h, --help         show this help

${exitCodesHelp({
  ok: 'the XML was written',
  usage: 'bad options, or an internal error',
  password: 'the statement needs a password, or the one given is wrong',
  unreadable: 'the file cannot be read, or is not a supported statement (no XML is written)',
  incomplete: 'the XML was written, but the statement was not read whole or does not reconcile',
})}`;

const COMMAND = {
  name: 'xml',
  usage: USAGE,
  positionals: ['FILE'],
  options: {
    bank: { type: 'string' },
    password: { type: 'string' },
    ledger: { type: 'string' },
    company: { type: 'string' },
    'with-masters': { type: 'boolean' },
    'contra-for-cash': { type: 'boolean' },
    'no-contra': { type: 'boolean' },
    out: { type: 'string' },
  },
} as const;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(COMMAND, args);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const bank = bankOption('xml', values.bank);
  if (typeof bank === 'number') return bank;
  const file = positionals[0];
  const bytes = await readInput('xml', file);
  if (typeof bytes === 'number') return bytes;
  // Loaded only now, so --help and bad options answer at once.
  const statements = await import('@bahi/statements');
  try {
    const { result } = await statements.extractStatement(bytes, {
      password: values.password || undefined,
      bank,
      fileName: basename(file),
    });
    // what bahi parse says of the same file, this says too: no rows is no XML, and a read that is
    // not whole or does not reconcile is written but never a clean success
    const reasons = diagnoseRead(readSummary(result));
    if (result.accounts.every((a) => a.transactions.length === 0))
      return fail('xml', EXIT.unreadable, reasons[0]!.message);
    const found = result.bank ?? bank;
    const accounts = statementToBankAccounts(result.accounts, values.ledger, ledgerLabel(found));
    const xml = buildMultiAccountBankVouchersXml({
      accounts,
      company: values.company,
      withMasters: values['with-masters'],
      contraForCash: !values['no-contra'],
    });
    if (!values.out) process.stdout.write(xml);
    else {
      writeFileSync(values.out, xml);
      const count = accounts.reduce((n, a) => n + a.transactions.length, 0);
      process.stderr.write(
        `bahi xml: ${count} transactions, ${accounts.length} account(s) -> ${values.out}\n`,
      );
    }
    for (const r of reasons.slice(0, -1)) fail('xml', EXIT.incomplete, r.message);
    return reasons.length ? fail('xml', EXIT.incomplete, reasons[reasons.length - 1]!.message) : EXIT.ok;
  } catch (err) {
    if (statements.isStatementError(err))
      return fail('xml', exitForStatementError(err.code), err.userMessage);
    if (err instanceof TallyError) return fail('xml', EXIT.usage, err.userMessage);
    return fail('xml', EXIT.usage, `unexpected error (${err instanceof Error ? err.name : typeof err})`);
  } finally {
    await statements.closePool();
  }
}
