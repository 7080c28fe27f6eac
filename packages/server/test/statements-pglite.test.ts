import { statementsSuite } from './suites/statements.ts';

statementsSuite('PGlite', () => undefined);
