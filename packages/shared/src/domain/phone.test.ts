import { describe, expect, it } from 'vitest';
import { isValidPhone, normalisePhone } from './phone.ts';

describe('phone', () => {
  it.each([
    '0912345678', // 0 + 9 digits
    '09123456789', // 0 + 10 digits
    '+84912345678', // +84 + 9 digits
    '84912345678', // 84 + 9 digits
    '+849123456789', // +84 + 10 digits
    '912345678', // 9 digits, no prefix
    '+14155552671', // international, 11 digits
    '+441234567890123', // + 15 digits
    '091 234 5678', // spaces ignored
    '091-234-5678', // dashes ignored
    '(091) 234.5678', // brackets and dots ignored
  ])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    '',
    '12345678', // 8 digits
    '+1234567890123456', // + 16 digits
    '1234567890123456', // 16 digits
    '+84 12345', // too short
    '0912abc678',
    '++84912345678',
    '0912345678x',
  ])('refuses %s', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });

  it('normalises separators away', () => {
    expect(normalisePhone('+84 (91) 234-56.78')).toBe('+84912345678');
  });
});
