import type { AnswerOf, Endpoint, RequestOf } from '@bahi/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';

// Routes registered from the contract's list of endpoints (ENDPOINTS of @bahi/contract): the method
// and path come from the entry, the body is parsed with its request schema before the handler runs
// (a ZodError answers 422 through the app's error handler), and the handler's answer is typed by
// the entry's answer schema. A plugin that serves endpoints this way is registered under '/api'.

type Handler<E extends Endpoint> = (
  request: FastifyRequest,
  reply: FastifyReply,
  body: RequestOf<E>,
) => Promise<AnswerOf<E> | FastifyReply>;

export function serve<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: NoInfer<Handler<E>>,
  opts: { preHandler?: preHandlerHookHandler | preHandlerHookHandler[] } = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(opts.preHandler ? { preHandler: opts.preHandler } : {}),
    handler: async (request, reply) => {
      // A request without a body reads as {}, so the schema names the fields it lacks.
      const body = (
        endpoint.request ? endpoint.request.parse(request.body ?? {}) : request.body
      ) as RequestOf<E>;
      return handler(request, reply, body);
    },
  });
}
