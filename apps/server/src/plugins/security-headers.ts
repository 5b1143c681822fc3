/**
 * Security headers on every response, from @fastify/helmet. Only the app's own origin may supply
 * scripts, styles, images, connections and workers; the API reference at /api/docs widens this
 * for its own pages only (see plugins/openapi.ts).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  scriptSrcAttr: ["'none'"],
  upgradeInsecureRequests: null,
};

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // HSTS belongs to a TLS deployment; over plain HTTP browsers ignore it (docs/deployment.md).
    strictTransportSecurity: false,
  });
  // Helmet has no Permissions-Policy: the camera is ours (QR scan), nothing else is.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', 'camera=(self), geolocation=(), microphone=()');
  });
}
