// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64.ts';

describe('base64 of sealed envelopes and wrapped keys', () => {
  it('writes what btoa writes and reads it back, for every length of a block', () => {
    for (let n = 0; n <= 70; n++) {
      const bytes = crypto.getRandomValues(new Uint8Array(n));
      const text = bytesToBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(base64ToBytes(text)).toEqual(bytes);
    }
  });

  it('joins the base64 of an IV of 12 bytes and of what follows into the base64 of both', () => {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const ct = crypto.getRandomValues(new Uint8Array(37));
    const joined = new Uint8Array([...iv, ...ct]);
    expect(bytesToBase64(iv) + bytesToBase64(ct)).toBe(bytesToBase64(joined));
  });

  it('refuses text that is not base64', () => {
    expect(() => base64ToBytes('not base64!')).toThrow();
  });
});
