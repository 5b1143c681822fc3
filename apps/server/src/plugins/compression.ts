import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers of 1 KB or more for clients that accept it (brotli at a fast quality, else
 * gzip): traveller lists and sync pull pages are JSON that shrinks several times over
 * (docs/decisions/013-measured-figures.md). Built web assets are
 * compressed once at build time instead (static-web.ts serves the .br/.gz copies), and answers
 * that already carry a Content-Encoding are left alone. Registered before the routes: the plugin
 * hooks each route as it is added. Compressed request bodies are not accepted (bodyLimit stays a
 * limit on what the server parses).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
