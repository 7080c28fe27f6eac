import { ConfigError, loadConfig, startServer } from '@bahi/server';

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(
      'Usage: bahi serve\n\nRuns the API and the web app. Configured by environment variables (see README).\n',
    );
    return 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`bahi serve: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const server = await startServer(config);
  process.stdout.write(`Bahi is running on ${server.url}\n`);
  await new Promise<void>((resolve) => {
    const shutdown = (signal: string) => {
      server.app.log.info(`${signal} received, shutting down`);
      server.stop().then(resolve, (err: unknown) => {
        process.stderr.write(`bahi serve: shutdown failed: ${String(err)}\n`);
        resolve();
      });
    };
    process.once('SIGINT', () => shutdown('SIGINT'));
    process.once('SIGTERM', () => shutdown('SIGTERM'));
  });
  return 0;
}
