import { expect, it } from 'vitest';
import { StatementCallError } from './api.ts';

// What a parser screen shows beside the specification's alert when a read fails.

it("why: the read's reason when the server gave one", () => {
  const reason = { code: 'WRONG_PASSWORD', message: 'The password is wrong.', next: 'Type it again.' };
  const body = { detail: 'Incorrect password.', code: 'WRONG_PASSWORD', next: 'Type it again.', reason };
  expect(new StatementCallError(400, body.detail, body.code, reason, body).why).toEqual(reason);
});

it('why: else the code, the detail and the next step (not enough pages has no read reason)', () => {
  const body = {
    detail: 'This file needs 3 pages; you have 1.',
    code: 'NOT_ENOUGH_PAGES',
    next: 'Buy pages on the Pay screen, then try again.',
  };
  expect(new StatementCallError(402, body.detail, body.code, undefined, body).why).toEqual({
    code: 'NOT_ENOUGH_PAGES',
    message: 'This file needs 3 pages; you have 1.',
    next: 'Buy pages on the Pay screen, then try again.',
  });
});

it('why: nothing to show for a failure without a code (the network, an unexpected answer)', () => {
  expect(new StatementCallError(0, 'Could not reach the server.', undefined).why).toBeUndefined();
  expect(
    new StatementCallError(200, 'The server answered in an unexpected shape.', undefined).why,
  ).toBeUndefined();
});
