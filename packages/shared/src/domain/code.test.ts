import { describe, expect, it } from 'vitest';
import { isValidCode, normaliseCode } from './code.ts';

describe('code', () => {
  it('normalises to upper case without spaces', () => {
    expect(normaliseCode(' ab c1 23 ')).toBe('ABC123');
  });

  it('accepts 6-12 letters or digits, case-insensitive', () => {
    expect(isValidCode('abc123')).toBe(true);
    expect(isValidCode('ABC 123 DEF 456')).toBe(true);
    expect(isValidCode('ABC12')).toBe(false);
    expect(isValidCode('ABC1234567890')).toBe(false);
    expect(isValidCode('ABC-123')).toBe(false);
  });
});
