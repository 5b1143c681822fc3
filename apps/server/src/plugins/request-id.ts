/**
 * Request ids: every request has one, in each of its log lines (`reqId`) and in the answer's
 * `X-Request-Id` header, so that an officer's error report or a proxy's log line leads to the
 * server's. A client or proxy may send its own `X-Request-Id`; it is kept only when it is 1 to 128
 * letters, digits and `-_.:` (nothing that could forge a log line or a header), else the server
 * makes one (a random UUID: unique across instances, unlike a per-process counter).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the client's id when acceptable, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/** Sends each request's id back, on every answer (errors and 404s included). */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
}
