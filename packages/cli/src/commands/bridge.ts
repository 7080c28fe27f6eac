import { BRIDGE_DEFAULT_ORIGIN, BRIDGE_DEFAULT_PORT, startBridge, TALLY_DEFAULT_PORT } from '@bahi/tally';
import { EXIT, fail, parseCommand, portOf, untilStopped } from '../args.ts';

const USAGE = `Usage: bahi bridge [options]

The office Tally connector: listens on 127.0.0.1, takes { phone, local_ip, xml } or
{ phone, local_ip, export_id, api_base, token } from the Bahi web app and posts the XML to TallyPrime
at local_ip. With an export id it fetches the stored XML from api_base (an allowed origin + '/api'
only) with the user's token and reports Tally's answer back there. Runs until Ctrl+C.

Options:
  --port N          where the bridge listens (default ${BRIDGE_DEFAULT_PORT})
  --origin URL      the web app's origin allowed to call it; repeat for several (default
                    ${BRIDGE_DEFAULT_ORIGIN}, or BAHI_BRIDGE_ORIGINS, comma-separated)
  --tally-port N    TallyPrime's XML server port (default ${TALLY_DEFAULT_PORT})
  -h, --help        show this help`;

const COMMAND = {
  name: 'bridge',
  usage: USAGE,
  options: {
    port: { type: 'string', default: String(BRIDGE_DEFAULT_PORT) },
    origin: { type: 'string', multiple: true },
    'tally-port': { type: 'string', default: String(TALLY_DEFAULT_PORT) },
  },
} as const;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(COMMAND, args);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const port = portOf(values.port);
  const tallyPort = portOf(values['tally-port']);
  if (port === null) return fail('bridge', EXIT.usage, `bad port '${values.port}'`);
  if (tallyPort === null) return fail('bridge', EXIT.usage, `bad Tally port '${values['tally-port']}'`);
  const origins = values.origin?.length
    ? values.origin
    : (process.env.BAHI_BRIDGE_ORIGINS ?? BRIDGE_DEFAULT_ORIGIN)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  const bridge = await startBridge({
    port,
    tallyPort,
    origins,
    log: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
  });
  process.stderr.write(`bahi bridge listening on ${bridge.url} for ${origins.join(', ')}\n`);
  await untilStopped();
  await bridge.close();
  return EXIT.ok;
}
