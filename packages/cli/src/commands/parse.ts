// bahi parse FILE [--bank CODE] [--password PW] [--format json|csv|xlsx] [--out FILE]
// stdout holds the result and nothing else. Exit status: 0 reconciles, 4 read but does not
// reconcile (result still printed, breaking rows on stderr), 2 wrong or missing password,
// 3 unreadable or unsupported file, 1 usage or internal error. Every non-zero exit prints one
// line on stderr, never a stack trace.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  formatPlain,
  isBankCode,
  toCsvText,
  toXlsxBytes,
  type BankCode,
  diagnoseRead,
  readReason,
  reasonForFailure,
  type ReadReason,
} from '@bahi/core';
import {
  closePool,
  extractStatement,
  extractStatementInProcess,
  isStatementError,
  toTruthJson,
  type AccountStatement,
  type Extraction,
  type StatementErrorCode,
} from '@bahi/statements';

/**
 * A file up to this size is read in this thread (issue 19): starting a worker thread loads pdf.js a
 * second time and costs more than reading a short statement. A 56-page text statement is ~0.2 MB,
 * a scanned page ~0.5-2 MB. The pool's time and memory limits guard a server against a hostile
 * upload; a person reading their own file can stop the command. Bigger files go to the pool, where
 * a long PDF's pages are read by more than one thread.
 */
export const IN_PROCESS_MAX_BYTES = 2 * 1024 * 1024;

const USAGE = 'Usage: bahi parse FILE [--bank CODE] [--password PW] [--format json|csv|xlsx] [--out FILE]';

const EXIT_BY_CODE: Partial<Record<StatementErrorCode, number>> = {
  PASSWORD_REQUIRED: 2,
  WRONG_PASSWORD: 2,
  UNREADABLE: 3,
  UNSUPPORTED: 3,
  TOO_LARGE: 3,
  TIMEOUT: 3,
  NO_TRANSACTIONS: 3,
};

function fail(code: number, reason: string): number {
  process.stderr.write(`bahi parse: ${reason.replace(/\s+/g, ' ').trim()}\n`);
  return code;
}

/** Issue 17: the reason in plain words, its code and the exit code, and the next step: one line. */
function failWith(exit: number, reason: ReadReason): number {
  const words = (t: string) => t.replace(/\s+/g, ' ').trim();
  process.stderr.write(
    `bahi parse: ${words(reason.message)} [${reason.code}, exit ${exit}] Next step: ${words(reason.next)}\n`,
  );
  return exit;
}

/** What diagnoseRead needs of a read (bahi xml asks the same). */
export const readSummary = (result: Extraction['result']) => ({
  format: result.format,
  transactions: result.accounts.reduce((n, a) => n + a.transactions.length, 0),
  issues: result.issues,
  accounts: result.accounts.map((a) => ({
    ok: a.reconciliation.ok,
    message: a.reconciliation.message,
    rows: a.transactions.length,
    firstBreak: a.reconciliation.breaks[0] ?? null,
  })),
});

const rupees = (paise: number | null): string => (paise === null ? '' : formatPlain(paise));

/** The shared defused writer of @bahi/core: a description like '=HYPERLINK(…)' stays text. */
export function toCsv(accounts: AccountStatement[]): string {
  const multi = accounts.length > 1;
  const head = ['Date', 'Value Date', 'Description', 'Reference', 'Withdrawal', 'Deposit', 'Balance'];
  const lines: string[][] = [multi ? ['Account', ...head] : head];
  for (const a of accounts) {
    for (const t of a.transactions) {
      const row = [
        t.date,
        t.valueDate ?? '',
        t.description,
        t.reference ?? '',
        t.withdrawal ? rupees(t.withdrawal) : '',
        t.deposit ? rupees(t.deposit) : '',
        rupees(t.balance),
      ];
      lines.push(multi ? [a.number ?? '', ...row] : row);
    }
  }
  return toCsvText(lines, '\n');
}

/** The one XLSX writer of @bahi/core: dates as dates (DD-MM-YYYY), amounts as numbers in #,##0.00. */
function toXlsx(accounts: AccountStatement[]): Buffer {
  const multi = accounts.length > 1;
  const money = { width: 14, format: 'money' } as const;
  const columns = [
    ...(multi ? [{ header: 'Account', width: 18 }] : []),
    { header: 'Date', width: 12 },
    { header: 'Value Date', width: 12 },
    { header: 'Description', width: 60 },
    { header: 'Reference', width: 20 },
    { header: 'Withdrawal', ...money },
    { header: 'Deposit', ...money },
    { header: 'Balance', ...money, width: 16 },
  ];
  const date = (iso: string | null) => (iso ? { date: iso } : null);
  const rows = accounts.flatMap((a) =>
    a.transactions.map((t) => [
      ...(multi ? [a.number ?? ''] : []),
      date(t.date),
      date(t.valueDate),
      t.description,
      t.reference ?? '',
      t.withdrawal ? t.withdrawal / 100 : null,
      t.deposit ? t.deposit / 100 : null,
      t.balance === null ? null : t.balance / 100,
    ]),
  );
  return Buffer.from(toXlsxBytes({ name: 'Transactions', columns, rows }));
}

/** One stderr line per break, naming the account and row. */
function describeBreaks(accounts: AccountStatement[]): string[] {
  const out: string[] = [];
  for (const a of accounts) {
    const name = accounts.length > 1 ? `account ${a.number ?? '?'}: ` : '';
    for (const b of a.reconciliation.breaks) {
      const detail =
        b.reason ||
        `expected balance ${rupees(b.expected)}, printed ${b.printed === null ? 'none' : rupees(b.printed)}`;
      out.push(`bahi parse: ${name}row ${b.index + 1} (${b.date}): ${detail}`);
    }
  }
  return out;
}

async function produce(x: Extraction, format: string): Promise<string | Buffer> {
  if (format === 'csv') return toCsv(x.result.accounts);
  if (format === 'xlsx') return toXlsx(x.result.accounts);
  return JSON.stringify({ ...toTruthJson(x.result), pages: x.pages }, null, 2) + '\n';
}

async function parse(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        bank: { type: 'string' },
        password: { type: 'string' },
        format: { type: 'string', default: 'json' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return fail(1, `${(err as Error).message}. ${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  if (positionals.length !== 1) return fail(1, USAGE);
  const format = values.format ?? 'json';
  if (!['json', 'csv', 'xlsx'].includes(format)) return fail(1, `unknown format '${format}'. ${USAGE}`);
  if (format === 'xlsx' && !values.out) return fail(1, '--format xlsx needs --out FILE');
  let bank: BankCode | undefined;
  if (values.bank) {
    const code = values.bank.toUpperCase();
    if (!isBankCode(code)) return fail(1, `unknown bank '${values.bank}'`);
    bank = code;
  }
  const file = positionals[0];
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return fail(3, code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file} (${code ?? 'error'})`);
  }

  let x: Extraction;
  try {
    const opts = { password: values.password || undefined, bank, fileName: path.basename(file) };
    if (bytes.length <= IN_PROCESS_MAX_BYTES) {
      inProcess = true;
      x = await extractStatementInProcess(bytes, opts);
    } else {
      x = await extractStatement(bytes, opts);
    }
  } catch (err) {
    if (isStatementError(err)) {
      const exit = EXIT_BY_CODE[err.code] ?? 1;
      const page = /page (\d+) failed/.exec(err.logMessage)?.[1];
      if (err.code === 'UNREADABLE' && page)
        return failWith(
          exit,
          readReason('PAGE_UNREADABLE', `Page ${page} could not be read. ${err.userMessage}`),
        );
      const code = reasonForFailure(err.code);
      return code
        ? failWith(exit, { ...readReason(code), message: err.userMessage })
        : fail(exit, err.userMessage);
    }
    return fail(1, 'the statement could not be processed');
  }

  const accounts = x.result.accounts;
  const reasons = diagnoseRead(readSummary(x.result));
  if (accounts.every((a) => a.transactions.length === 0)) {
    return failWith(3, reasons[0] ?? readReason('NO_TABLE'));
  }
  const output = await produce(x, format);
  if (values.out) writeFileSync(values.out, output);
  else process.stdout.write(output);

  // a partial read (lines skipped, a page unread) is never a clean success
  const partial = reasons.filter((r) => r.code !== 'NOT_RECONCILED');
  if (accounts.every((a) => a.reconciliation.ok) && partial.length === 0) return 0;
  const lines = describeBreaks(accounts);
  for (const line of lines.slice(0, 50)) process.stderr.write(line + '\n');
  if (lines.length > 50) process.stderr.write(`bahi parse: ... ${lines.length - 50} more\n`);
  for (const r of reasons.slice(0, -1)) failWith(4, r);
  const msg = accounts.find((a) => !a.reconciliation.ok)?.reconciliation.message;
  const last = reasons[reasons.length - 1];
  if (last) return failWith(4, last);
  return fail(4, `read, but the balances do not reconcile${msg ? `: ${msg}` : ''}`);
}

/** Whether this run read its file in this thread (its OCR recognisers, if any, are ended at exit). */
let inProcess = false;

export async function run(args: string[]): Promise<number> {
  try {
    return await parse(args);
  } catch (err) {
    return fail(1, `unexpected error (${err instanceof Error ? err.name : typeof err})`);
  } finally {
    await closePool();
    if (inProcess) {
      // ocr.ts loads tesseract.js only when a page is recognised; this import alone loads nothing heavy.
      const { closeOcr } = await import('@bahi/statements');
      await closeOcr();
    }
  }
}
