import { describe, expect, it } from 'vitest';
import { isValidEmail, normaliseEmail } from './email.ts';

describe('email', () => {
  it.each(['a@b.vn', 'first.last+tag@mail.example.com', 'USER@EXAMPLE.COM'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'a@b', 'a b@c.vn', 'a@b .vn', '@b.vn', 'a@.vn', 'a@b.', 'a@@b.vn', `${'a'.repeat(250)}@b.vn`])(
    'refuses %s',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );

  it('normalises case and surrounding spaces', () => {
    expect(normaliseEmail('  An@Example.VN ')).toBe('an@example.vn');
  });
});
