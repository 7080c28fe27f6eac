// The server's configuration for `bahi serve` and `bahi admin`, which both open the database.
// Separate from args.ts so that commands which never touch the server do not load it.
// Only the server's config module: the rest (HTTP, database) loads when a command really starts.
import { ConfigError, ENV_VARS, loadConfig, type Config } from '@bahi/server/config.ts';
import { EXIT, fail } from './args.ts';

/** The configuration, or the exit code after a one-line error naming every bad variable. */
export function configOrExit(command: string): Config | number {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) return fail(command, EXIT.usage, err.message);
    throw err;
  }
}

/** The environment variables the server reads (or only those named), for --help. */
export function environmentHelp(names?: readonly string[]): string {
  const vars = ENV_VARS.filter((v) => !names || names.includes(v.name));
  const width = Math.max(...vars.map((v) => v.name.length));
  const rows = vars.map((v) => `  ${v.name.padEnd(width)}  [${v.default}]`);
  return ['Environment (defaults in brackets):', ...rows].join('\n');
}
