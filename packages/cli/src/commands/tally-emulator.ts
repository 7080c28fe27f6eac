import { parseArgs } from 'node:util';
import { DEFAULT_EMULATOR_COMPANY, startTallyEmulator } from '@bahi/tally';

const USAGE = `Usage: bahi tally-emulator [--port 9000] [--host 127.0.0.1] [--company NAME]...

A TallyPrime XML server emulator for demos and tests: imports masters and vouchers in memory,
refuses what TallyPrime refuses, and shows what it imported at GET / (JSON with ?format=json).`;

export async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        port: { type: 'string', default: '9000' },
        host: { type: 'string', default: '127.0.0.1' },
        company: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    process.stderr.write(`bahi tally-emulator: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  const companies = values.company?.length ? values.company : [DEFAULT_EMULATOR_COMPANY];
  const running = await startTallyEmulator({ port: Number(values.port), host: values.host, companies });
  process.stderr.write(
    `Tally emulator on ${running.url} with ${companies.map((c) => `'${c}'`).join(', ')}\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => void running.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
