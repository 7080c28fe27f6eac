import { after } from 'node:test';
import { postgresOrSkip } from './helpers/postgres.ts';
import { creditsAndPaymentsSuite } from './helpers/payments-suite.ts';
import { accountsSuite } from './suites/accounts.ts';
import { statementsSuite } from './suites/statements.ts';
import { teamSuite } from './suites/team.ts';

// The suites that also run on PGlite (api-, payments-, statements-pglite), on one throwaway
// PostgreSQL 15 cluster: real row locks and a pool of 10 connections. One cluster for all three
// (each suite has its own app and its own users) keeps the run short. Skipped, visibly, only when
// no cluster can start and BAHI_TEST_POSTGRES is not 'required' (CI requires it).
const cluster = await postgresOrSkip('API suites on PostgreSQL');
if (cluster) {
  after(() => cluster.stop());
  const url = () => cluster.databaseUrl;
  accountsSuite('PostgreSQL 15', url, 'postgres');
  creditsAndPaymentsSuite('PostgreSQL 15', url);
  statementsSuite('PostgreSQL 15', url);
  teamSuite('PostgreSQL 15', url);
}
