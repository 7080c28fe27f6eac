import { after, test } from 'node:test';
import { startPostgres } from './helpers/postgres.ts';
import { creditsAndPaymentsSuite } from './helpers/payments-suite.ts';

// The credit and payment races on a real PostgreSQL 15 (real row locks, a pool of 10 connections).
// Skipped, visibly, only when no cluster can start and BAHI_TEST_POSTGRES is not 'required'.
const cluster = await startPostgres();
if (typeof cluster === 'string') {
  test(
    'page credits and payments on PostgreSQL',
    { skip: `${cluster} (set BAHI_TEST_POSTGRES=required to fail instead)` },
    () => {},
  );
} else {
  after(() => cluster.stop());
  creditsAndPaymentsSuite('PostgreSQL 15', () => cluster.databaseUrl);
}
