import { after, before, test } from 'node:test';
import { startPostgres, type Cluster } from './helpers/postgres.ts';
import { accountsSuite } from './suites/accounts.ts';

let cluster: Cluster | string = 'not started';
before(async () => {
  cluster = await startPostgres();
  if (typeof cluster === 'string') console.log(`# PostgreSQL API tests skipped: ${cluster}`);
});
after(async () => {
  if (typeof cluster !== 'string') await cluster.stop();
});

// Decided at load time whether to run: the cluster starts in before(), so check for initdb here.
if (
  process.env.BAHI_TEST_POSTGRES === 'required' ||
  (await import('node:fs')).existsSync('/usr/lib/postgresql/15/bin/initdb')
) {
  accountsSuite('PostgreSQL 15', () => (typeof cluster === 'string' ? undefined : cluster.databaseUrl));
} else {
  test(
    'PostgreSQL API tests',
    { skip: 'no PostgreSQL installed (set BAHI_TEST_POSTGRES=required to fail instead)' },
    () => {},
  );
}
