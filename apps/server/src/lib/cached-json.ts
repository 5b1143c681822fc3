/**
 * Sending an answer that many clients read unchanged (a cached page of the traveller list): it
 * is checked against its response schema and serialized once, and compressed once per encoding,
 * then every later request for the same object sends the stored bytes. Serializing and
 * compressing a 50-traveller page cost more than the rest of a cached read together
 * (bench/travelers-read.bench.mjs). Kept in a WeakMap by the answer object: when the cache that
 * holds the object lets it go, its bytes go with it.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

interface Encoded {
  json: string;
  br?: Buffer;
  gzip?: Buffer;
}

const encoded = new WeakMap<object, Encoded>();
/** The same floor as the compression plugin (plugins/compression.ts). */
const COMPRESS_FROM_BYTES = 1024;

/** The encoding to send: brotli, else gzip, among those the client accepts (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!params.some((p) => /^q=0(\.0*)?$/.test(p))) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

const compress = {
  br: (json: string) =>
    brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    }),
  gzip: (json: string) => gzipSync(json),
};

/**
 * Sends `value` as JSON through `schema` (encoded as the route's serializer would), reusing the
 * stored bytes when the same object was sent before. The route registers plainJsonSerializer or
 * none: the body handed to Fastify is already bytes.
 */
export function sendCachedJson<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  value: z.output<S> & object,
) {
  let entry = encoded.get(value);
  if (!entry) {
    entry = { json: JSON.stringify(schema.encode(value)) };
    encoded.set(value, entry);
  }
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding =
    Buffer.byteLength(entry.json) >= COMPRESS_FROM_BYTES &&
    preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(entry.json);
  entry[encoding] ??= compress[encoding](entry.json);
  return reply.header('content-encoding', encoding).send(entry[encoding]);
}
