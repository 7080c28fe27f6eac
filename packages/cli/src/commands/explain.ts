// bahi explain FILE [--bank CODE] [--password PW] [--page P] [--row N] [--svg OUT]
// Why a statement reads as it does: the reader's decisions under their rule ids, and each row with
// where it was printed and the rules that read it; --svg draws a page's words, column bands and rows.
// Read in this process (no reader pool): it is a tool for looking into one file.
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { BANK_CODES } from '@bahi/core';
import {
  EXIT,
  bankOption,
  exitCodesHelp,
  exitForStatementError,
  fail,
  parseCommand,
  readInput,
} from '../args.ts';

const USAGE = `Usage: bahi explain FILE [options]

Reads a bank statement and prints why it reads as it does: the bank and the columns found, each row
with where it was printed and the rules that read it (stable rule ids), and every line left unread.

Options:
  --bank CODE      the statement's bank (detected when missing), one of
                   ${BANK_CODES.slice(0, 7).join(', ')},
                   ${BANK_CODES.slice(7).join(', ')}
  --password PW    the statement's password
  --page P         only the rows and decisions of page P
  --row N          only row N (1-based, in the order bahi parse prints them)
  --svg OUT        draw page P (default 1) as SVG: its words, the column bands and the rows read
  -h, --help       show this help

${exitCodesHelp({
  ok: 'explained',
  usage: 'bad options, or an internal error',
  password: 'the statement needs a password, or the one given is wrong',
  unreadable: 'the file cannot be read, or is not a supported statement',
})}`;

const COMMAND = {
  name: 'explain',
  usage: USAGE,
  positionals: ['FILE'],
  options: {
    bank: { type: 'string' },
    password: { type: 'string' },
    page: { type: 'string' },
    row: { type: 'string' },
    svg: { type: 'string' },
  },
} as const;

const positive = (v: string | undefined) =>
  v === undefined ? undefined : /^[1-9]\d*$/.test(v) ? Number(v) : NaN;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(COMMAND, args);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const bank = bankOption('explain', values.bank);
  if (typeof bank === 'number') return bank;
  const page = positive(values.page);
  const row = positive(values.row);
  if (Number.isNaN(page))
    return fail('explain', EXIT.usage, `--page takes a page number, not '${values.page}'`);
  if (Number.isNaN(row)) return fail('explain', EXIT.usage, `--row takes a row number, not '${values.row}'`);
  const file = positionals[0];
  const bytes = await readInput('explain', file);
  if (typeof bytes === 'number') return bytes;
  const statements = await import('@bahi/statements');
  try {
    const { doc } = await statements.readDocument(bytes, {
      password: values.password || undefined,
      fileName: basename(file),
    });
    const trace = new statements.Trace();
    const result = statements.parseStatement(doc, { ...(bank ? { bank } : {}), trace });
    process.stdout.write(statements.explainText(result, trace, { page, row }));
    if (values.svg) {
      const drawn = doc.kind === 'pages' ? doc.pages.find((p) => p.number === (page ?? 1)) : undefined;
      if (!drawn)
        return fail(
          'explain',
          EXIT.usage,
          doc.kind === 'pages'
            ? `the statement has no page ${page ?? 1}`
            : 'only a PDF or an image has pages to draw',
        );
      writeFileSync(values.svg, statements.explainSvg(drawn, result, trace));
    }
    return EXIT.ok;
  } catch (err) {
    if (statements.isStatementError(err))
      return fail('explain', exitForStatementError(err.code), err.userMessage);
    return fail('explain', EXIT.usage, `unexpected error (${err instanceof Error ? err.name : typeof err})`);
  } finally {
    await statements.closeOcr();
  }
}
