import { describe, expect, it } from 'vitest';
import { formatMessage, interpolate } from './format.ts';

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
