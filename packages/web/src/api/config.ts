import { ENDPOINTS, type PublicConfigAnswer } from '@bahi/contract';
import { call } from './client.ts';

let asked: Promise<PublicConfigAnswer> | undefined;

/**
 * What the server tells the web app (GET /config), asked once per page load for every screen that
 * needs it (the test-payments banner, Google sign-in). A failed read is forgotten, so the next
 * screen asks again.
 */
export function publicConfig(): Promise<PublicConfigAnswer> {
  asked ??= call(ENDPOINTS.config).catch((e: unknown) => {
    asked = undefined;
    throw e;
  });
  return asked;
}
