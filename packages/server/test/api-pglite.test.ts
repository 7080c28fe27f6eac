import { accountsSuite } from './suites/accounts.ts';

accountsSuite('PGlite', () => undefined, 'pglite');
