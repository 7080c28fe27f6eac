import { decodeXmlBytes, pushToTally, TALLY_DEFAULT_PORT, TallyError } from '@bahi/tally';
import { EXIT, exitCodesHelp, fail, parseCommand, portOf, readInput } from '../args.ts';

const USAGE = `Usage: bahi push XML [options]

Sends a Tally import file to TallyPrime's XML server and prints Tally's parsed answer as JSON.

Options:
  --host IP          the computer running TallyPrime (default 127.0.0.1)
  --port N           TallyPrime's XML server port (default ${TALLY_DEFAULT_PORT})
  --timeout SECONDS  how long to wait for Tally's answer (default 120)
  -h, --help         show this help

${exitCodesHelp({
  ok: 'Tally imported everything',
  usage: 'bad options, or an internal error',
  unreadable: 'the XML file cannot be read, or Tally cannot be reached',
  incomplete: 'Tally answered but refused part of the file (its words on stderr)',
})}`;

const COMMAND = {
  name: 'push',
  usage: USAGE,
  positionals: ['XML'],
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: String(TALLY_DEFAULT_PORT) },
    timeout: { type: 'string' },
  },
} as const;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(COMMAND, args);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const port = portOf(values.port);
  if (port === null) return fail('push', EXIT.usage, `bad port '${values.port}'`);
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(timeout > 0))
    return fail('push', EXIT.usage, `bad timeout '${values.timeout}'`);
  const bytes = await readInput('push', positionals[0]);
  if (typeof bytes === 'number') return bytes;
  const xml = decodeXmlBytes(bytes);
  try {
    const { raw: _raw, ...result } = await pushToTally(xml, {
      host: values.host,
      port,
      timeoutMs: timeout === undefined ? undefined : timeout * 1000,
    });
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
    if (result.ok) return EXIT.ok;
    return fail('push', EXIT.incomplete, `Tally did not take everything: ${result.problems.join('; ')}`);
  } catch (err) {
    if (err instanceof TallyError) return fail('push', EXIT.unreadable, err.userMessage);
    throw err;
  }
}
