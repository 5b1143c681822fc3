import type { FastifyRequest } from 'fastify';

/**
 * Whether a browser request comes from this site: its Origin (or, without one, its Referer)
 * names the host it was sent to. A request with neither (a non-browser client) passes; an
 * opaque Origin ("null") does not.
 */
export function sameOrigin(request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return true;
  try {
    // Through URL on both sides, so that a default port (":80", ":443") compares equal.
    return new URL(source).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}
