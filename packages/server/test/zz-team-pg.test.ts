import { after } from 'node:test';
import { postgresOrSkip } from './helpers/postgres.ts';
import { teamSuite } from './suites/team.ts';
const cluster = await postgresOrSkip('team on PostgreSQL');
if (cluster) {
  after(() => cluster.stop());
  teamSuite('PostgreSQL 15', () => cluster.databaseUrl);
}
