import { parseArgs } from 'node:util';
import { BRIDGE_DEFAULT_ORIGIN, BRIDGE_DEFAULT_PORT, startBridge } from '@bahi/tally';

const USAGE = `Usage: bahi bridge [--port 9100] [--origin URL]... [--tally-port 9000]

The office Tally connector: listens on 127.0.0.1, takes { phone, local_ip, xml } from the Bahi web
app (only from --origin, default ${BRIDGE_DEFAULT_ORIGIN}; repeat it or set BAHI_BRIDGE_ORIGINS,
comma-separated) and posts the XML to TallyPrime at local_ip:9000.`;

export async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: {
        port: { type: 'string', default: String(BRIDGE_DEFAULT_PORT) },
        origin: { type: 'string', multiple: true },
        'tally-port': { type: 'string', default: '9000' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    process.stderr.write(`bahi bridge: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(USAGE + '\n');
    return 0;
  }
  const origins = values.origin?.length
    ? values.origin
    : (process.env.BAHI_BRIDGE_ORIGINS ?? BRIDGE_DEFAULT_ORIGIN)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  const bridge = await startBridge({
    port: Number(values.port),
    tallyPort: Number(values['tally-port']),
    origins,
    log: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
  });
  process.stderr.write(`bahi bridge listening on ${bridge.url} for ${origins.join(', ')}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => void bridge.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
