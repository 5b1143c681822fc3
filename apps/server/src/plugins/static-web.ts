import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors.ts';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

/**
 * Serves the built PWA, as the brotli or gzip copy made at build time when the client accepts
 * one (Vary: Accept-Encoding). Hashed assets are immutable; the service worker, the manifest and
 * index.html are never cached, so an update is seen at once. Unknown non-API paths get
 * index.html so client routes work; unknown /api paths get a JSON 404.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The .br/.gz copies written at build time (apps/web/build/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // A precompressed copy (index.html.br) gets the headers of the file it stands for.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        // The same URL answers brotli, gzip or plain: caches must key on Accept-Encoding.
        res.setHeader('Vary', 'Accept-Encoding');
        if (NO_CACHE.has(name)) res.setHeader('Cache-Control', 'no-cache, no-store, must-revalidate');
        else if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn(`web app not built (${webDist}); serving the API only`);
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/') || !hasWeb || request.method !== 'GET') {
      throw notFound(`Route ${request.method} ${url} not found`);
    }
    return reply.header('Cache-Control', 'no-cache, no-store, must-revalidate').sendFile('index.html');
  });
}
