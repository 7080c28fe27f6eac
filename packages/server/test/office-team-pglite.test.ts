import { teamSuite } from './suites/team.ts';

// The office team's routes and roles on PGlite (issue 35); postgres.test.ts runs the same suite on PostgreSQL.
teamSuite('PGlite', () => undefined);
