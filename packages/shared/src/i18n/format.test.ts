import { describe, expect, it } from 'vitest';
import { formatMessage, interpolate, requestLocale } from './format.ts';

describe('formatMessage', () => {
  it('interpolates i18next placeholders', () => {
    expect(formatMessage('validation.min_length', 'en', { min: 6 })).toBe('Must be at least 6 characters');
    expect(formatMessage('validation.min_length', 'vi', { min: 6 })).toBe('Phải có ít nhất 6 ký tự');
    expect(interpolate('{{a}} and {{ b }} and {{c}}', { a: 1, b: 'x' })).toBe('1 and x and {{c}}');
  });

  it('finds keys of every catalogue, defaults to vi and returns unknown keys as is', () => {
    expect(formatMessage('errors.conflict')).toBe('Dữ liệu bị xung đột');
    expect(formatMessage('auth.loginSuccess', 'en')).toBe('Login successful!');
    expect(formatMessage('declaration.errors.fullNameRequired', 'xx')).toBe('Họ và tên là bắt buộc');
    expect(formatMessage('no.such.key', 'en')).toBe('no.such.key');
  });
});

describe('requestLocale', () => {
  it('takes a supported lang parameter first, then Accept-Language by weight, else vi', () => {
    expect(requestLocale('ja', 'en')).toBe('ja');
    expect(requestLocale('xx', 'fr-FR, en-GB;q=0.8, ja;q=0.9')).toBe('ja');
    expect(requestLocale(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(requestLocale(undefined, 'de, fr')).toBe('vi');
    expect(requestLocale(undefined, undefined)).toBe('vi');
  });
});
