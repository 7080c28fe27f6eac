import type { FastifyRequest } from 'fastify';
import { isUuid } from '../auth/users.ts';
import { notFound } from '../errors.ts';

/** The route's :id; `No such <what>.` (404) when it is not a database id, before any query. */
export function idParam(request: FastifyRequest, what: string): string {
  const id = String((request.params as { id?: string }).id ?? '');
  if (!isUuid(id)) throw notFound(`No such ${what}.`);
  return id;
}
