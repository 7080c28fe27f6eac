import { ConfigError, grantAdmin, loadConfig, openDatabase } from '@bahi/server';
import path from 'node:path';

const USAGE = 'Usage: bahi admin grant EMAIL\n';

export async function run(args: string[]): Promise<number> {
  const [action, email, ...extra] = args;
  if (action === '--help' || action === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (action !== 'grant' || !email || extra.length) {
    process.stderr.write(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`bahi admin: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    if (!(await grantAdmin(database.db, email))) {
      process.stderr.write(`bahi admin: no account with the e-mail ${email}\n`);
      return 1;
    }
    process.stdout.write(`${email.trim().toLowerCase()} is now an admin\n`);
    return 0;
  } finally {
    await database.close();
  }
}
