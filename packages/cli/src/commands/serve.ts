import { EXIT, parseCommand, untilStopped } from '../args.ts';
import { SERVER_ENV, serverNodeFlags } from '@bahi/server/config.ts';
import { restartWith } from '../node-flags.ts';
import { configOrExit, environmentHelp } from '../server-config.ts';

const USAGE = `Usage: bahi serve

Runs the API and the web app on one port (what \`npm start\` runs) until Ctrl+C. Configured by
environment variables; without any it uses an embedded database under ./data.

Options:
  -h, --help   show this help

${environmentHelp()}`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand({ name: 'serve', usage: USAGE, options: {} }, args);
  if (typeof parsed === 'number') return parsed;
  const config = configOrExit('serve');
  if (typeof config === 'number') return config;
  restartWith(serverNodeFlags(config), SERVER_ENV);
  const { startServer } = await import('@bahi/server');
  const server = await startServer(config);
  process.stdout.write(`Bahi is running on ${server.url}\n`);
  const signal = await untilStopped();
  server.app.log.info(`${signal} received, shutting down`);
  try {
    await server.stop();
  } catch (err) {
    process.stderr.write(`bahi serve: shutdown failed: ${String(err)}\n`);
  }
  return EXIT.ok;
}
