import path from 'node:path';
import { EXIT, fail, parseCommand } from '../args.ts';
import { configOrExit, environmentHelp } from '../server-config.ts';

const USAGE = `Usage: bahi admin grant EMAIL

Makes the account with that e-mail an admin (billing screens), in the database the server's
environment names.

Options:
  -h, --help   show this help

${environmentHelp(['BAHI_DATA_DIR', 'DATABASE_URL'])}`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommand(
    { name: 'admin', usage: USAGE, options: {}, positionals: ['grant', 'EMAIL'] },
    args,
  );
  if (typeof parsed === 'number') return parsed;
  const [action, email] = parsed.positionals;
  if (action !== 'grant')
    return fail('admin', EXIT.usage, `unknown action '${action}'; see bahi admin --help`);
  const config = configOrExit('admin');
  if (typeof config === 'number') return config;
  const { grantAdmin, openDatabase } = await import('@bahi/server');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    if (!(await grantAdmin(database.db, email)))
      return fail('admin', EXIT.usage, `no account with the e-mail ${email}`);
    process.stdout.write(`${email.trim().toLowerCase()} is now an admin\n`);
    return EXIT.ok;
  } finally {
    await database.close();
  }
}
