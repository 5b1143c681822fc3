/**
 * Input guard: refuses, before any route sees them, request inputs that no route can use and
 * that would otherwise fail deep down as a 500:
 * - text with NUL (PostgreSQL refuses U+0000 in text) or a lone UTF-16 surrogate (not valid
 *   Unicode; PostgreSQL refuses it as well) in the query string, the path parameters or a parsed
 *   JSON body (a streamed CSV is checked row by row by the import);
 * - a multipart body whose Content-Type has no usable boundary (the multipart parser would throw
 *   while starting).
 * Both answer 400 validation_error with a field issue, like any schema failure.
 */

import { Stream } from 'node:stream';
import { hasUnstorableText as hasForbiddenText } from '@bh/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from '../lib/errors.ts';
import { storableBodies } from './json-body.ts';

/**
 * Parsed input: JSON values and the query/params objects. A streamed body (the CSV import's) or a
 * Buffer is not walked: a stream's object graph is cyclic and holds the socket, and walking it
 * exhausted the heap. Streamed bodies are checked by their route, row by row.
 */
function isWalkable(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  return !(value instanceof Stream || value instanceof ArrayBuffer || ArrayBuffer.isView(value));
}

/** A value met while walking the input, with the key it was found under and its parent. */
interface Visit {
  item: unknown;
  key: string;
  parent: Visit | null;
}

/** The dotted path of a visited value ('' for the root). */
function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * Path (dotted, like validation issues) of the first string or key with forbidden text, or null.
 * Iterative, so a nested body cannot overflow the stack, and linear in the size of the input:
 * parsed JSON, a query string and path parameters hold no cycles, and a JSON body's depth was
 * bounded before it was parsed (json-body.ts). The path is built only for the value found, and strings get no
 * visit of their own, which keeps the walk of a large push a small part of the route
 * (docs/decisions/002-set-based-sync-apply.md).
 */
function findForbiddenText(value: unknown): string | null {
  if (typeof value === 'string') return hasForbiddenText(value) ? '' : null;
  const stack: Visit[] = [{ item: value, key: '', parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { item } = visit;
    if (!isWalkable(item)) continue;
    for (const [key, child] of Object.entries(item)) {
      if (hasForbiddenText(key) || (typeof child === 'string' && hasForbiddenText(child)))
        return pathOf({ item: child, key, parent: visit });
      if (typeof child === 'object' && child !== null) stack.push({ item: child, key, parent: visit });
    }
  }
  return null;
}

/** findForbiddenText as a thrown validation error (400), or nothing when the input is clean. */
function checkText(value: unknown, emptyPath: string) {
  const at = findForbiddenText(value);
  if (at !== null) throw issue(at || emptyPath, 'validation.invalid_characters');
}

/**
 * RFC 2046 boundary characters, not ending with a space. The RFC says at most 70; up to 200 are
 * let through for lenient clients (the parser itself cannot use more than about 250).
 */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,199}[0-9A-Za-z'()+_,\-./:=?]$/;

/** The boundary parameter of a multipart Content-Type (quoted or not), or null. */
function multipartBoundary(contentType: string): string | null {
  const m = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  const value = m ? (m[1] ?? m[2] ?? '') : '';
  return BOUNDARY.test(value) ? value : null;
}

const issue = (field: string, code: string) => validationError([{ field: field || undefined, code }]);

function checkUrlInputs(request: FastifyRequest) {
  // The web app's pages and assets take whatever the browser sends; only the API stores input.
  if (!request.url.startsWith('/api/')) return;
  checkText(request.query, '');
  checkText(request.params, '');
  const type = request.headers['content-type'];
  if (typeof type === 'string' && /^\s*multipart\//i.test(type) && multipartBoundary(type) === null) {
    throw issue('body', 'validation.malformed_body');
  }
}

export function registerInputGuard(app: FastifyInstance) {
  // onRequest runs before the body is read, so a bad query never costs a body upload.
  app.addHook('onRequest', async (request) => checkUrlInputs(request));
  app.addHook('preValidation', async (request) => {
    const { body } = request;
    // A JSON body whose text showed it storable needs no walk (json-body.ts).
    if (typeof body === 'object' && body !== null && storableBodies.has(body)) return;
    checkText(body, 'body');
  });
}
