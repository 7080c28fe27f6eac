// The `bahi` command. Each subcommand lives in its own module under ./commands and is loaded
// only when used, so `bahi parse` never pays for the server's start-up and the reverse.
import { enableCompileCache } from 'node:module';
import { EXIT, exitCodesHelp, fail } from './args.ts';
import { loadBundled } from './bundled.ts';

// Started as `node src/main.ts` rather than through bin/bahi.js: the commands' modules still come
// from Node's compile cache (bin/bahi.js turns it on before this file is stripped).
const cache = enableCompileCache?.();
if (cache?.directory) process.env.NODE_COMPILE_CACHE ??= cache.directory;

type Command = { run(args: string[]): Promise<number> };

const COMMANDS: Record<string, { synopsis: string; summary: string; load: () => Promise<Command> }> = {
  serve: {
    synopsis: 'serve',
    summary: 'run the API and the web app (what `npm start` runs)',
    load: () => import('./commands/serve.ts'),
  },
  worker: {
    synopsis: 'worker [--concurrency N]',
    summary: 'read dropped statements from the office queue (with DATABASE_URL)',
    load: () => import('./commands/worker.ts'),
  },
  admin: {
    synopsis: 'admin grant EMAIL',
    summary: 'make an account an admin',
    load: () => import('./commands/admin.ts'),
  },
  parse: {
    synopsis: 'parse FILE [--bank CODE] [--password PW] [--format json|csv|xlsx] [--out FILE]',
    summary: 'read a bank statement into JSON, CSV or XLSX',
    load: async () => (await loadBundled<Command>('parse')) ?? import('./commands/parse.ts'),
  },
  xml: {
    synopsis:
      'xml FILE [--bank CODE] [--password PW] [--ledger NAME] [--company NAME] [--with-masters] [--no-contra] [--contra-for-cash] [--out FILE]',
    summary: 'Tally import XML for a bank statement',
    load: async () => (await loadBundled<Command>('xml')) ?? import('./commands/xml.ts'),
  },
  explain: {
    synopsis: 'explain FILE [--bank CODE] [--password PW] [--page P] [--row N] [--svg OUT]',
    summary: 'why a statement reads as it does: the rules behind each row, a page drawn as SVG',
    load: () => import('./commands/explain.ts'),
  },
  push: {
    synopsis: 'push XML [--host IP] [--port N] [--timeout SECONDS]',
    summary: "send a Tally XML file to TallyPrime and print Tally's answer",
    load: () => import('./commands/push.ts'),
  },
  bridge: {
    synopsis: 'bridge [--port N] [--origin URL]... [--tally-port N]',
    summary: 'run the office Tally connector for the web app',
    load: () => import('./commands/bridge.ts'),
  },
  'tally-emulator': {
    synopsis: 'tally-emulator [--port N] [--host IP] [--company NAME]...',
    summary: 'run a TallyPrime XML server emulator (tests, demos)',
    load: () => import('./commands/tally-emulator.ts'),
  },
};

function help(): string {
  return [
    'Usage: bahi COMMAND [options]',
    '',
    'Commands:',
    ...Object.values(COMMANDS).flatMap((c) => [`  bahi ${c.synopsis}`, `      ${c.summary}`]),
    '',
    'bahi COMMAND --help shows the options of one command.',
    '',
    exitCodesHelp({
      ok: 'done',
      usage: 'bad options, or an internal error',
      password: 'parse, xml: the statement needs a password, or the one given is wrong',
      unreadable: 'parse, xml: the file cannot be read or is not a statement; push: Tally cannot be reached',
      incomplete:
        'parse, xml: not read whole or the balances do not reconcile; push: Tally refused part of the file',
    }),
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help() + '\n');
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) return fail('', EXIT.usage, `unknown command '${name}'; see bahi --help`);
  return (await command.load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.exitCode = fail('', EXIT.usage, err instanceof Error ? err.message : String(err));
  },
);
