import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { decodeXmlBytes, pushToTally, TALLY_DEFAULT_PORT, TallyError } from '@bahi/tally';

const USAGE = `Usage: bahi push XML [--host 127.0.0.1] [--port 9000] [--timeout SECONDS]

Sends a Tally import file to TallyPrime's XML server and prints Tally's parsed answer as JSON.
Exits 1 when Tally refused anything, 3 when Tally could not be reached.`;

export async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: String(TALLY_DEFAULT_PORT) },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    process.stderr.write(`bahi push: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1) {
    process.stdout.write(USAGE + '\n');
    return values.help ? 0 : 2;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    process.stderr.write(`bahi push: bad port '${values.port}'\n`);
    return 2;
  }
  const xml = decodeXmlBytes(await readFile(positionals[0]));
  try {
    const result = await pushToTally(xml, {
      host: values.host,
      port,
      timeoutMs: values.timeout ? Number(values.timeout) * 1000 : undefined,
    });
    const { raw: _raw, ...shown } = result;
    process.stdout.write(JSON.stringify(shown, null, 2) + '\n');
    if (!result.ok)
      process.stderr.write(`bahi push: Tally did not take everything:\n  ${result.problems.join('\n  ')}\n`);
    return result.ok ? 0 : 1;
  } catch (err) {
    if (err instanceof TallyError) {
      process.stderr.write(`bahi push: ${err.userMessage}\n`);
      return 3;
    }
    throw err;
  }
}
