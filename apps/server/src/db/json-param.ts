/**
 * A JSON document bound as one query parameter in its UTF-8 bytes, for the set-based statements
 * that read a whole batch from it (`${jsonParam(rows)}::json`, sync/apply.ts).
 *
 * Why bytes and not the JSON string: PGlite measures a string parameter's UTF-8 length with a
 * JavaScript loop over its characters, twice, before copying it in; for the 1-2 MB documents of
 * a 2,000-mutation push that was ~65 ms of CPU per 10,000 records (4% of the route). Bytes are
 * copied as they are. Both drivers send a Uint8Array parameter in the binary format, and the
 * binary input of `json` is the JSON text itself, so the statement reads the same document.
 * Only for `::json` parameters (jsonb's binary input starts with a version byte).
 */
import { types } from '@electric-sql/pglite';

export const jsonParam = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value));

/** PGlite's own serializer of `json` parameters (text as it is, anything else stringified). */
const textJson =
  types.serializers[types.JSON] ??
  ((value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)));

/**
 * PGlite's serializer of `json` parameters, letting the bytes of jsonParam through (PGlite sends
 * a Uint8Array in the binary format, as node-postgres does); anything else as PGlite's own does.
 * PGlite types serializers as returning text: the bytes are the one exception it handles.
 */
export const pgliteJsonSerializer = (value: unknown): string =>
  value instanceof Uint8Array ? (value as unknown as string) : textJson(value);
