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
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const NUL_OR_SURROGATE = /[\u0000\uD800-\uDFFF]/;

/**
 * True when the JSON text opens more than `max` arrays or objects inside one another. Brackets
 * inside strings do not count. Malformed text is left to JSON.parse, which refuses it.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // A string's text is skipped with indexOf (most of a push body is strings): its closing
      // quote is the first one after an even run of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1 && escaped(text, end)) end = text.indexOf('"', end + 1);
      if (end === -1) return false;
      i = end;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth++;
      if (depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}

/** True when the character at `at` follows an odd run of backslashes (it is escaped). */
function escaped(text: string, at: number): boolean {
  let n = 0;
  for (let j = at - 1; j >= 0 && text.charCodeAt(j) === BACKSLASH; j--) n++;
  return n % 2 === 1;
}

/**
 * Parsed bodies whose every string and key is known storable from the text alone: no `\\u`
 * escape, and no NUL or UTF-16 surrogate at all in it (text with an emoji, whose surrogates are
 * paired, is walked as before). JSON.parse cannot make a NUL or a lone surrogate any other way,
 * so the input guard skips its walk of them (input-guard.ts): 1.3 ms instead of 7.5 ms for a
 * push of 2,000 travellers.
 */
export const storableBodies = new WeakSet<object>();

export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(validationError([{ field: 'body', code: 'validation.too_deep' }]), undefined);
      return;
    }
    parse(request, text, (err: Error | null, value?: unknown) => {
      if (
        !err &&
        typeof value === 'object' &&
        value !== null &&
        !text.includes('\\u') &&
        !NUL_OR_SURROGATE.test(text)
      )
        storableBodies.add(value);
      done(err, value);
    });
  });
}
