import { creditsAndPaymentsSuite } from './helpers/payments-suite.ts';

creditsAndPaymentsSuite('PGlite', () => undefined);
