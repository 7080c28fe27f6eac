import { DEFAULT_EMULATOR_COMPANY, startTallyEmulator, TALLY_DEFAULT_PORT } from '@bahi/tally';
import { EXIT, fail, parseCommand, portOf, untilStopped } from '../args.ts';

const USAGE = `Usage: bahi tally-emulator [options]

A TallyPrime XML server emulator for demos and tests: imports masters and vouchers in memory,
refuses what TallyPrime refuses, and shows what it imported at GET / (JSON with ?format=json).
Runs until Ctrl+C.

Options:
  --port N          where it listens (default ${TALLY_DEFAULT_PORT}, TallyPrime's own)
  --host IP         the address it listens on (default 127.0.0.1)
  --company NAME    a company it has open; repeat for several (default '${DEFAULT_EMULATOR_COMPANY}')
  -h, --help        show this help`;

const COMMAND = {
  name: 'tally-emulator',
  usage: USAGE,
  options: {
    port: { type: 'string', default: String(TALLY_DEFAULT_PORT) },
    host: { type: 'string', default: '127.0.0.1' },
    company: { type: 'string', multiple: true },
  },
} as const;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(COMMAND, args);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const port = portOf(values.port);
  if (port === null) return fail('tally-emulator', EXIT.usage, `bad port '${values.port}'`);
  const companies = values.company?.length ? values.company : [DEFAULT_EMULATOR_COMPANY];
  const running = await startTallyEmulator({ port, host: values.host, companies });
  process.stderr.write(
    `Tally emulator on ${running.url} with ${companies.map((c) => `'${c}'`).join(', ')}\n`,
  );
  await untilStopped();
  await running.close();
  return EXIT.ok;
}
