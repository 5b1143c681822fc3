import { describe, expect, it } from 'vitest';
import { validRegistration, validUser } from '../testing/fixtures.ts';
import {
  accountRequestSchema,
  changePasswordSchema,
  hasRole,
  isAdmin,
  isOfficer,
  loginFormSchema,
  profileUpdateSchema,
  registrationFormSchema,
  userCreateSchema,
  userSchema,
  userUpdateSchema,
} from './user.ts';
import { validateWith } from './validate.ts';

describe('loginFormSchema', () => {
  it('accepts email + 6-character password, rememberMe optional', () => {
    expect(loginFormSchema.safeParse({ email: 'a@b.vn', password: '123456' }).success).toBe(true);
    expect(
      loginFormSchema.safeParse({ email: 'a@b.vn', password: '123456', rememberMe: false }).success,
    ).toBe(true);
  });

  it('uses validation.required, validation.email and validation.min_length with min 6', () => {
    expect(validateWith(loginFormSchema, { email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: 'validation.required', password: 'validation.required' },
      params: {},
    });
    expect(validateWith(loginFormSchema, { email: 'a@b', password: '12345' })).toEqual({
      ok: false,
      errors: { email: 'validation.email', password: 'validation.min_length' },
      params: { password: { min: 6 } },
    });
  });
});

describe('registrationFormSchema', () => {
  it('accepts a valid registration', () => {
    expect(registrationFormSchema.safeParse(validRegistration).success).toBe(true);
  });

  it.each([
    ['a', 'validation.min_length'],
    ['ab', null],
    ['a'.repeat(50), null],
    ['a'.repeat(51), 'validation.max_length'],
    ['   ', 'validation.required'],
  ])('name %j -> %s', (name, key) => {
    const result = validateWith(registrationFormSchema, { ...validRegistration, name });
    expect(result.ok ? null : result.errors.name).toBe(key);
  });

  it.each([
    [17, 'registration.errors.ageRange'],
    [18, null],
    [120, null],
    [121, 'registration.errors.ageRange'],
    [30.5, 'validation.integer'],
  ])('age %d -> %s', (age, key) => {
    const result = validateWith(registrationFormSchema, { ...validRegistration, age });
    expect(result.ok ? null : result.errors.age).toBe(key);
  });

  // NIST SP 800-63B: length, any characters, no composition rules (issue 13 item 8).
  it.each([
    ['Secret12345', 'validation.min_length'], // 11 characters
    ['Password1', 'validation.min_length'],
    ['alllowercase', null], // 12 characters, no composition rule
    ['ĐàLạt 東京 ☕ 42', null], // any characters
    ['my-lan-password', 'validation.password_contains_email'], // the e-mail is lan@example.vn
    ['MyLAN-secret-1', 'validation.password_contains_email'],
    ['', 'validation.required'],
  ])('password %j -> %s', (password, key) => {
    const result = validateWith(registrationFormSchema, {
      ...validRegistration,
      password,
      confirmPassword: password,
    });
    expect(result.ok ? null : result.errors.password).toBe(key);
  });

  it('requires a matching confirmation, gender and accepted terms', () => {
    expect(
      validateWith(registrationFormSchema, {
        ...validRegistration,
        confirmPassword: 'Secret124',
        gender: '',
        terms: false,
      }),
    ).toEqual({
      ok: false,
      errors: {
        gender: 'validation.invalid_option',
        terms: 'validation.terms_required',
        confirmPassword: 'validation.password_mismatch',
      },
      params: {},
    });
    expect(validateWith(registrationFormSchema, { ...validRegistration, confirmPassword: '' })).toMatchObject(
      {
        errors: { confirmPassword: 'validation.required' },
      },
    );
  });

  it('account request is the registration without confirmation and terms', () => {
    const { confirmPassword: _c, terms: _t, ...request } = validRegistration;
    expect(accountRequestSchema.safeParse(request).success).toBe(true);
    expect(accountRequestSchema.safeParse(validRegistration).success).toBe(false);
  });
});

describe('user schemas', () => {
  it('user has a role and a nullable avatar', () => {
    expect(userSchema.safeParse(validUser).success).toBe(true);
    expect(userSchema.safeParse({ ...validUser, avatar: null }).success).toBe(true);
    expect(userSchema.safeParse({ ...validUser, role: 'traveller' }).success).toBe(false);
    expect(userSchema.safeParse({ ...validUser, avatar: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('role helpers', () => {
    expect(isAdmin({ role: 'admin' })).toBe(true);
    expect(isOfficer({ role: 'admin' })).toBe(false);
    expect(hasRole(null, 'officer')).toBe(false);
  });

  it('updates need at least one field', () => {
    expect(validateWith(userUpdateSchema, {})).toMatchObject({ errors: { _root: 'validation.no_changes' } });
    expect(userUpdateSchema.safeParse({ disabled: true }).success).toBe(true);
    expect(validateWith(profileUpdateSchema, {})).toMatchObject({
      errors: { _root: 'validation.no_changes' },
    });
    expect(profileUpdateSchema.safeParse({ avatar: null }).success).toBe(true);
  });

  it('an avatar a user sets is an https URL or a path on this site, never another host', () => {
    for (const avatar of ['https://cdn.example.vn/a.png', '/avatars/a.png']) {
      expect(profileUpdateSchema.safeParse({ avatar }).success, avatar).toBe(true);
    }
    for (const avatar of [
      '//evil.example/a.png',
      '/\\evil.example',
      'http://cdn.example.vn/a.png',
      'javascript:x',
    ]) {
      expect(validateWith(profileUpdateSchema, { avatar }), avatar).toMatchObject({
        errors: { avatar: 'validation.invalid_url' },
      });
      expect(userUpdateSchema.safeParse({ avatar }).success, avatar).toBe(false);
      expect(userCreateSchema.safeParse({ ...validUser, avatar }).success, avatar).toBe(false);
    }
  });

  it('admin create: 12+ characters, or 8+ with the recorded consent of the user', () => {
    const create = { name: 'Lan', email: 'officer.lan@example.vn', role: 'officer', password: 'Tide-42x' };
    expect(validateWith(userCreateSchema, create)).toMatchObject({
      errors: { password: 'validation.password_short_without_consent' },
    });
    expect(userCreateSchema.safeParse({ ...create, shortPasswordConsent: true }).success).toBe(true);
    expect(
      validateWith(userCreateSchema, { ...create, password: 'Tide42', shortPasswordConsent: true }),
    ).toMatchObject({
      errors: { password: 'validation.min_length' },
      params: { password: { min: 8 } },
    });
    expect(validateWith(userCreateSchema, { ...create, password: 'officer-rocks-1' })).toMatchObject({
      errors: { password: 'validation.password_contains_email' },
    });
  });

  it('change password: 12+ characters, confirmed, different', () => {
    const ok = {
      currentPassword: 'Old12345',
      newPassword: 'New-river-2026',
      confirmPassword: 'New-river-2026',
    };
    expect(changePasswordSchema.safeParse(ok).success).toBe(true);
    expect(validateWith(changePasswordSchema, { ...ok, confirmPassword: 'x' })).toMatchObject({
      errors: { confirmPassword: 'validation.password_mismatch' },
    });
    expect(
      validateWith(changePasswordSchema, {
        currentPassword: 'Old-river-2026',
        newPassword: 'Old-river-2026',
        confirmPassword: 'Old-river-2026',
      }),
    ).toMatchObject({ errors: { newPassword: 'validation.password_same' } });
    expect(
      validateWith(changePasswordSchema, { ...ok, newPassword: 'New12345', confirmPassword: 'New12345' }),
    ).toMatchObject({
      errors: { newPassword: 'validation.min_length' },
      params: { newPassword: { min: 12 } },
    });
  });
});
