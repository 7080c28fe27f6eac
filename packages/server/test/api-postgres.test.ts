import { after, test } from 'node:test';
import { startPostgres } from './helpers/postgres.ts';
import { accountsSuite } from './suites/accounts.ts';

// The same API suite as on PGlite, on a throwaway PostgreSQL 15 cluster. It is skipped, visibly,
// only when no cluster can start and BAHI_TEST_POSTGRES is not 'required' (CI requires it).
const cluster = await startPostgres();
if (typeof cluster === 'string') {
  test(
    'accounts API on PostgreSQL',
    { skip: `${cluster} (set BAHI_TEST_POSTGRES=required to fail instead)` },
    () => {},
  );
} else {
  after(() => cluster.stop());
  accountsSuite('PostgreSQL 15', () => cluster.databaseUrl, 'postgres');
}
