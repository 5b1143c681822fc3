/**
 * The raw-text checks of the JSON body parser: the depth count skips strings (brackets and
 * escaped quotes in them count for nothing), and only text that cannot hold a NUL or a lone
 * surrogate once parsed lets the input guard skip its walk.
 */
import { describe, expect, it } from 'vitest';
import { createHarness } from '../test/harness.ts';
import { nestsDeeperThan } from './json-body.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('["[[[[[[", {"a": "{{{{"}]', 2)).toBe(false);
  });

  it('finds the end of a string past escaped quotes and backslashes', () => {
    // "a\"[[[[" is one string; "b\\" ends at its second quote, so the brackets after it count.
    expect(nestsDeeperThan(String.raw`["a\"[[[["]`, 1)).toBe(false);
    expect(nestsDeeperThan(String.raw`["b\\", [[]]]`, 2)).toBe(true);
    expect(nestsDeeperThan(String.raw`["b\\\"[[[", 1]`, 1)).toBe(false);
    expect(nestsDeeperThan(String.raw`{"k\\\\": [[1]]}`, 2)).toBe(true);
  });

  it('leaves an unclosed string to JSON.parse', () => {
    expect(nestsDeeperThan('["abc', 1)).toBe(false);
  });
});

describe('bodies checked from their text', () => {
  it('still refuses a NUL or a lone surrogate written as an escape, in a value or a key', async () => {
    const h = await createHarness();
    try {
      const { headers } = await h.user();
      for (const payload of [
        String.raw`{"clientId":"device-1234-abcd","mutations":[{"seq":1,"table":"travelers","op":"create","id":"0190a3c4-1b2c-7d3e-8f40-000000000001","baseVersion":null,"data":{"fullName":"A\u0000B"}}]}`,
        String.raw`{"clientId":"device-1234-abcd","mutations":[{"seq":1,"table":"travelers","op":"create","id":"0190a3c4-1b2c-7d3e-8f40-000000000001","baseVersion":null,"data":{"fullName":"A\ud800B"}}]}`,
        String.raw`{"clientId":"device-1234-abcd","mutations":[{"seq":1,"table":"travelers","op":"create","id":"0190a3c4-1b2c-7d3e-8f40-000000000001","baseVersion":null,"data":{"full\u0000Name":"A"}}]}`,
      ]) {
        const res = await h.app.inject({
          method: 'POST',
          url: '/api/sync/push',
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(JSON.stringify(res.json())).toContain('validation.invalid_characters');
      }
    } finally {
      await h.close();
    }
  });
});
