/**
 * Issue 13 item 8: new passwords follow NIST SP 800-63B. 12+ characters of any kind (8+ when an
 * admin records the user's consent), never a common or breached password, never containing the
 * e-mail's name; the same rules for registration, admin-created users, password changes and the
 * create-admin command.
 */
import { validRegistration } from '@bh/shared/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountRequests, users } from '../../db/schema.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { createAdmin } from './admin.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const register = (password: string, email = 'thu.ha@test.vn') =>
  h.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { ...validRegistration, email, password, confirmPassword: password },
  });
const detailsOf = (res: { json(): { error: { details: unknown } } }) => res.json().error.details;

describe('new-password rules', () => {
  it("registration: 'Password1' and other common passwords are refused; any 12+ characters are fine", async () => {
    expect(detailsOf(await register('Password1'))).toEqual([
      { field: 'password', code: 'validation.min_length' },
    ]);
    for (const common of ['qwerty123456', 'QAZWSXEDCRFV', '1q2w3e4r5t6y']) {
      const res = await register(common);
      expect(res.statusCode, common).toBe(400);
      expect(detailsOf(res)).toEqual([{ field: 'password', code: 'validation.password_common' }]);
    }
    const email = await register('my thu.ha secret');
    expect(detailsOf(email)).toEqual([{ field: 'password', code: 'validation.password_contains_email' }]);
    expect(await h.database.db.$count(accountRequests)).toBe(0);
    expect((await register('đèn lồng phố cổ')).statusCode).toBe(202);
    expect((await register('alllowercasewords', 'other@test.vn')).statusCode).toBe(202);
  });

  it('admin create: 8-11 characters only with the recorded consent; common passwords never', async () => {
    const admin = await h.user('admin');
    const create = (payload: Record<string, unknown>) =>
      h.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: admin.headers,
        payload: { name: 'Vũ Thị K', email: 'vu.k@test.vn', role: 'officer', ...payload },
      });
    const short = await create({ password: 'Tide-42x' });
    expect(detailsOf(short)).toEqual([
      { field: 'password', code: 'validation.password_short_without_consent' },
    ]);
    const common = await create({ password: 'Password1', shortPasswordConsent: true });
    expect(detailsOf(common)).toEqual([{ field: 'password', code: 'validation.password_common' }]);
    expect(await h.database.db.$count(users)).toBe(1);
    expect((await create({ password: 'Tide-42x', shortPasswordConsent: true })).statusCode).toBe(201);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'vu.k@test.vn', password: 'Tide-42x' },
    });
    expect(login.statusCode).toBe(200);
  });

  it("a password change refuses a common password and one containing the account's e-mail name", async () => {
    const admin = await h.user('admin');
    const payload = {
      name: 'Phan Nam',
      email: 'nam.p@test.vn',
      role: 'officer',
      password: 'Lantern@2026-gate',
    };
    await h.app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload });
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: payload.email, password: payload.password },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const change = (newPassword: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/users/change-password',
        headers,
        payload: { currentPassword: payload.password, newPassword, confirmPassword: newPassword },
      });
    expect(detailsOf(await change('qwerty123456'))).toEqual([
      { field: 'newPassword', code: 'validation.password_common' },
    ]);
    expect(detailsOf(await change('NAM.P-since-2026'))).toEqual([
      { field: 'newPassword', code: 'validation.password_contains_email' },
    ]);
    expect((await change('a quiet harbour 2026')).statusCode).toBe(204);
  });

  it('the create-admin command refuses a common password with one line', async () => {
    const weak = await createAdmin(
      h.database.db,
      { email: 'chief@border.vn', password: 'qwerty123456' },
      'cli',
    );
    expect(weak).toEqual({
      ok: false,
      error: 'password: This password is too common or has been leaked; choose another one',
    });
  });
});
