/**
 * The JSON body parser: Fastify's own (prototype poisoning refused as before), behind a depth
 * check on the raw text. No route takes JSON nested deeper than a few levels, and deep nesting is
 * what costs: every later step (the input guard, zod, the serializer) walks the parsed value.
 * The check reads the text once, before JSON.parse, so even a body of nothing but brackets is
 * refused cheaply with 400 `validation.too_deep` before any route code runs
 * (docs/decisions/013-measured-figures.md).
 */
import type { FastifyInstance } from 'fastify';
import { validationError } from '../lib/errors.ts';

/** Deepest nesting of arrays and objects a request body may have (the root is depth 1). */
const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * True when the JSON text opens more than `max` arrays or objects inside one another. Brackets
 * inside strings do not count. Malformed text is left to JSON.parse, which refuses it.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth++;
      if (depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}

export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(validationError([{ field: 'body', code: 'validation.too_deep' }]), undefined);
      return;
    }
    parse(request, text, done);
  });
}
