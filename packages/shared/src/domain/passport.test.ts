import { describe, expect, it } from 'vitest';
import { checkPassport, isValidPassport, normalisePassport } from './passport.ts';

describe('passport', () => {
  it('normalises to upper case without spaces', () => {
    expect(normalisePassport(' b12 345\t67 ')).toBe('B1234567');
  });

  it('accepts 6 and 12 characters, refuses 5 and 13', () => {
    expect(checkPassport('A1234', 'US')).toBe('traveler.errors.passportInvalid');
    expect(checkPassport('A12345', 'US')).toBeNull();
    expect(checkPassport('AB1234567890', 'US')).toBeNull();
    expect(checkPassport('AB12345678901', 'US')).toBe('traveler.errors.passportInvalid');
    expect(isValidPassport('ABC123')).toBe(true);
    expect(isValidPassport('ABC12')).toBe(false);
  });

  it('checks the normalised value: lower case and spaces are fine', () => {
    expect(checkPassport('b1234567', 'VN')).toBeNull();
    expect(checkPassport('B 123 4567', 'VN')).toBeNull();
    expect(checkPassport('ab 12 34', 'JP')).toBeNull();
  });

  it('refuses other characters', () => {
    expect(checkPassport('AB-12345', 'US')).toBe('traveler.errors.passportInvalid');
    expect(checkPassport('ÀB123456', 'US')).toBe('traveler.errors.passportInvalid');
  });

  it('requires 1 letter + 7 digits only for VN', () => {
    expect(checkPassport('B1234567', 'VN')).toBeNull();
    expect(checkPassport('12345678', 'VN')).toBe('traveler.errors.passportVnFormat');
    expect(checkPassport('12345678', 'US')).toBeNull();
    expect(checkPassport('AB123456', 'VN')).toBe('traveler.errors.passportVnFormat');
    expect(checkPassport('B12345678', 'VN')).toBe('traveler.errors.passportVnFormat');
    expect(checkPassport('12345678', 'vn')).toBe('traveler.errors.passportVnFormat');
    expect(checkPassport('12345678')).toBeNull();
    expect(checkPassport('12345678', null)).toBeNull();
  });

  it('reports a missing passport as required', () => {
    expect(checkPassport('', 'VN')).toBe('validation.required');
    expect(checkPassport('   ', 'VN')).toBe('validation.required');
    expect(checkPassport(undefined)).toBe('validation.required');
    expect(checkPassport(null)).toBe('validation.required');
    expect(checkPassport(12345678)).toBe('traveler.errors.passportInvalid');
  });
});
