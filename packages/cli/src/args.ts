// What every `bahi` command shares: option parsing with --help, one-line failures on stderr, the
// exit codes, and waiting for Ctrl+C. Kept free of heavy imports: main.ts loads commands lazily so
// that `bahi parse` never pays for the server's start-up, and this module is loaded by all of them.
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { isBankCode, type BankCode } from '@bahi/core';
import type { StatementErrorCode } from '@bahi/statements';

/** One meaning per exit code across all commands, so scripts can tell outcomes apart. */
export const EXIT = {
  ok: 0,
  /** bad options, or an internal error */
  usage: 1,
  /** the statement needs a password, or the one given is wrong */
  password: 2,
  /** the input cannot be read: unreadable or unsupported file, or Tally cannot be reached */
  unreadable: 3,
  /** done, but not wholly: the balances do not reconcile, or Tally refused part of the file */
  incomplete: 4,
} as const;

/** The lines every command's help ends with, for the exit codes it uses. */
export function exitCodesHelp(lines: Partial<Record<keyof typeof EXIT, string>>): string {
  const rows = Object.entries(lines).map(([key, text]) => `  ${EXIT[key as keyof typeof EXIT]}  ${text}`);
  return ['Exit status:', ...rows].join('\n');
}

/** How a statement that cannot be extracted ends `bahi parse` and `bahi xml`. */
export function exitForStatementError(code: StatementErrorCode): number {
  switch (code) {
    case 'PASSWORD_REQUIRED':
    case 'WRONG_PASSWORD':
      return EXIT.password;
    case 'UNREADABLE':
    case 'UNSUPPORTED':
    case 'TOO_LARGE':
    case 'TIMEOUT':
    case 'NO_TRANSACTIONS':
      return EXIT.unreadable;
    default:
      return EXIT.usage;
  }
}

/**
 * The bank a `--bank CODE` option names (any case), undefined without one, or EXIT.usage after a
 * one-line error for a code Bahi does not know.
 */
export function bankOption(command: string, value: string | undefined): BankCode | undefined | number {
  if (!value) return undefined;
  const code = value.toUpperCase();
  return isBankCode(code) ? code : fail(command, EXIT.usage, `unknown bank '${value}'`);
}

/** Writes `bahi COMMAND: reason` (`bahi: reason` without a command) as one line on stderr, never a
 * stack, and returns `code`. */
export function fail(command: string, code: number, reason: string): number {
  const who = command ? `bahi ${command}` : 'bahi';
  process.stderr.write(`${who}: ${reason.replace(/\s+/g, ' ').trim()}\n`);
  return code;
}

export interface CommandSpec<O extends ParseArgsOptionsConfig> {
  name: string;
  /** The whole --help text. */
  usage: string;
  options: O;
  /** How many positional arguments, with their names for the error line ('FILE'); none when absent. */
  positionals?: readonly string[];
}

type Parsed<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
>;

/**
 * Parses a command's arguments. Returns the values and positionals, or the exit code to end with:
 * 0 after printing the usage for --help / -h, EXIT.usage after a one-line error for anything else wrong.
 */
export function parseCommand<O extends ParseArgsOptionsConfig>(
  spec: CommandSpec<O>,
  args: string[],
): { values: Parsed<O>['values']; positionals: string[] } | number {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(spec.usage.trimEnd() + '\n');
    return EXIT.ok;
  }
  const seeHelp = `see bahi ${spec.name} --help`;
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args, options: spec.options, allowPositionals: true, strict: true });
  } catch (err) {
    // Node's first sentence names the problem; the rest suggests '--', which helps nobody here.
    return fail(spec.name, EXIT.usage, `${(err as Error).message.split(/\.( |$)/)[0]}; ${seeHelp}`);
  }
  const wanted = spec.positionals ?? [];
  if (parsed.positionals.length < wanted.length)
    return fail(
      spec.name,
      EXIT.usage,
      `missing ${wanted.slice(parsed.positionals.length).join(' ')}; ${seeHelp}`,
    );
  if (parsed.positionals.length > wanted.length)
    return fail(spec.name, EXIT.usage, `unexpected '${parsed.positionals[wanted.length]}'; ${seeHelp}`);
  return { values: parsed.values, positionals: parsed.positionals };
}

/** The bytes of an input file, or EXIT.unreadable after a one-line error naming it. */
export async function readInput(command: string, file: string): Promise<Buffer | number> {
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return fail(
      command,
      EXIT.unreadable,
      code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file}`,
    );
  }
}

/** A TCP port from an option's text, or null when it is not one. */
export function portOf(text: string | undefined): number | null {
  const port = Number(text);
  return Number.isInteger(port) && port > 0 && port <= 65535 ? port : null;
}

/** Resolves with the signal's name on the first Ctrl+C or SIGTERM: how long-running commands stop. */
export function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}
