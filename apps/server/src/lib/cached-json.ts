/**
 * Answers that many clients read unchanged between two writes (pages of the traveller list),
 * kept as bytes: checked against the response schema and serialized once, compressed once per
 * encoding, then sent as stored to every later request under the same key. Serializing and
 * compressing a 50-traveller page cost more than the rest of a cached read together
 * (bench/travelers-read.bench.mjs). The key must name everything the answer depends on,
 * the data version included, so a stale answer is never found.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { LruCache } from './lru-cache.ts';

interface Encoded {
  json: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Stored answers, one per page (their size: docs/decisions/013-measured-figures.md). */
export type AnswerCache = LruCache<Encoded>;

/** The same floor as the compression plugin (plugins/compression.ts). */
const COMPRESS_FROM_BYTES = 1024;

/** The encoding to send: brotli, else gzip, among those the client accepts (q=0 refuses). */
function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
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
 * Sends the answer stored under `key`, or builds it (`build`), encodes it through `schema` as the
 * route's serializer would, stores and sends it. The body handed to Fastify is already text or
 * bytes, so the route's serializer does not run again.
 */
export async function sendCachedJson<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { cache: AnswerCache; key: string; schema: S; build: () => Promise<z.output<S>> },
) {
  let entry = answer.cache.get(answer.key);
  if (!entry) {
    entry = { json: JSON.stringify(answer.schema.encode(await answer.build())) };
    answer.cache.set(answer.key, entry);
  }
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding =
    Buffer.byteLength(entry.json) >= COMPRESS_FROM_BYTES &&
    preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(entry.json);
  entry[encoding] ??= compress[encoding](entry.json);
  return reply.header('content-encoding', encoding).send(entry[encoding]);
}
