/**
 * Security headers on every response, from @fastify/helmet. Only the app's own origin may supply
 * scripts, styles, images, connections and workers; the API reference at /api/docs widens this
 * for its own pages only (see plugins/openapi.ts). WebAssembly may be compiled
 * ('wasm-unsafe-eval', which allows no eval of JavaScript): the scan screen's OCR (its worker,
 * which gets this header too) and barcode reader are wasm, served from our origin.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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

const HSTS = 'max-age=31536000; includeSubDomains';

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
  app.addHook('onRequest', async (request, reply) => {
    reply.header('Permissions-Policy', 'camera=(self), geolocation=(), microphone=()');
    // HSTS only where the browser really came over TLS (directly, or through a proxy trusted
    // with TRUST_PROXY that says so): over plain HTTP it would be meaningless.
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
  // API answers carry personal data: no cache may keep them unless the route says otherwise
  // (the reference lists are cacheable, the sync pull and exports say no-store themselves).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
