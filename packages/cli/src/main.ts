// The `bahi` command. Each subcommand lives in its own module under ./commands and is loaded
// only when used, so `bahi parse` never pays for the server's start-up and the reverse.
const COMMANDS: Record<
  string,
  { summary: string; load: () => Promise<{ run(args: string[]): Promise<number> }> }
> = {
  serve: {
    summary: 'run the API and web app (what `npm start` runs)',
    load: () => import('./commands/serve.ts'),
  },
  admin: {
    summary: 'admin grant EMAIL: make an account an admin',
    load: () => import('./commands/admin.ts'),
  },
  parse: {
    summary: 'parse FILE [--bank CODE] [--password PW] [--format json|csv|xlsx] [--out FILE]',
    load: () => import('./commands/parse.ts'),
  },
  xml: { summary: 'xml FILE: Tally XML for a parsed statement', load: () => import('./commands/xml.ts') },
  push: {
    summary: 'push XML --host IP [--port 9000]: send a Tally XML file to TallyPrime',
    load: () => import('./commands/push.ts'),
  },
  bridge: {
    summary: 'run the office Tally bridge on 127.0.0.1:9100',
    load: () => import('./commands/bridge.ts'),
  },
  'tally-emulator': {
    summary: 'run a TallyPrime XML server emulator (tests, demos)',
    load: () => import('./commands/tally-emulator.ts'),
  },
};

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length));
  return [
    'Usage: bahi COMMAND [options]',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'bahi COMMAND --help shows the options of one command.',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help() + '\n');
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`bahi: unknown command '${name}'\n\n${help()}\n`);
    return 2;
  }
  const mod = await command.load();
  return mod.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`bahi: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
