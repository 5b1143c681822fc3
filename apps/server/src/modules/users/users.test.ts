import { validRegistration } from '@bh/shared/testing';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema.ts';
import { fileHarness } from '../../test/file-harness.ts';

const h = fileHarness();

const newUser = { name: 'Lê Văn C', email: 'le.c@test.vn', role: 'officer', password: 'Strong@123-river' };

async function loginAs(email: string, password: string) {
  const res = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token}` };
}

async function actions() {
  const rows = await h.database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .orderBy(asc(auditEvents.id));
  return rows.map((r) => r.action);
}

describe('admin user management', () => {
  it('creates, lists, changes the role of, disables and re-enables a user', async () => {
    const admin = await h.user('admin');
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: newUser,
    });
    expect(created.statusCode).toBe(201);
    const user = created.json().user;
    expect(user).toMatchObject({ email: 'le.c@test.vn', role: 'officer', disabled: false });
    expect(JSON.stringify(created.json())).not.toMatch(/password/i);

    const list = await h.app.inject({ url: '/api/users', headers: admin.headers });
    expect(list.json().users.map((u: { email: string }) => u.email)).toContain('le.c@test.vn');

    const officer = await loginAs('le.c@test.vn', 'Strong@123-river');
    expect((await h.app.inject({ url: '/api/auth/profile', headers: officer })).statusCode).toBe(200);

    const put = (payload: Record<string, unknown>) =>
      h.app.inject({ method: 'PUT', url: `/api/users/${user.id}`, headers: admin.headers, payload });
    expect((await put({ role: 'admin' })).json().user.role).toBe('admin');
    // A role change ends the sessions (the role is inside the access token).
    expect((await h.app.inject({ url: '/api/auth/profile', headers: officer })).statusCode).toBe(401);

    const again = await loginAs('le.c@test.vn', 'Strong@123-river');
    expect((await put({ disabled: true })).json().user.disabled).toBe(true);
    expect((await h.app.inject({ url: '/api/auth/profile', headers: again })).statusCode).toBe(401);
    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'le.c@test.vn', password: 'Strong@123-river' },
    });
    expect(refused.statusCode).toBe(401);

    expect((await put({ disabled: false })).json().user.disabled).toBe(false);
    await loginAs('le.c@test.vn', 'Strong@123-river');
    expect(await actions()).toEqual(
      expect.arrayContaining(['user.create', 'user.update', 'user.disable', 'user.enable']),
    );
  });

  it('answers 409 for a duplicate e-mail and 404 for an unknown user', async () => {
    const admin = await h.user('admin');
    await h.app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload: newUser });
    const dup = await h.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: admin.headers,
      payload: { ...newUser, email: 'LE.C@test.vn' },
    });
    expect(dup.statusCode).toBe(409);
    const missing = await h.app.inject({
      method: 'PUT',
      url: '/api/users/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
      payload: { name: 'Someone' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('does not let an admin disable or demote themselves', async () => {
    const admin = await h.user('admin');
    for (const payload of [{ disabled: true }, { role: 'officer' }]) {
      const res = await h.app.inject({
        method: 'PUT',
        url: `/api/users/${admin.id}`,
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode).toBe(409);
    }
  });

  it('audits a role denial', async () => {
    const officer = await h.user('officer');
    expect((await h.app.inject({ url: '/api/users', headers: officer.headers })).statusCode).toBe(403);
    expect(await actions()).toContain('access.denied');
  });
});

describe('own profile and password', () => {
  it('updates the own name and changes the password with the registration rules', async () => {
    const admin = await h.user('admin');
    await h.app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload: newUser });
    const me = await loginAs('le.c@test.vn', 'Strong@123-river');
    const other = await loginAs('le.c@test.vn', 'Strong@123-river');
    const profile = await h.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: me,
      payload: { name: 'Lê Văn D' },
    });
    expect(profile.json().user.name).toBe('Lê Văn D');
    // An avatar on another host ('//evil...' is protocol-relative) is refused and changes nothing.
    const evil = await h.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: me,
      payload: { avatar: '//evil.example/a.png' },
    });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().error.details).toEqual([{ field: 'avatar', code: 'validation.invalid_url' }]);

    const change = (payload: Record<string, unknown>) =>
      h.app.inject({ method: 'POST', url: '/api/users/change-password', headers: me, payload });
    expect(
      (await change({ currentPassword: 'Strong@123-river', newPassword: 'weak', confirmPassword: 'weak' }))
        .statusCode,
    ).toBe(400);
    const wrong = await change({
      currentPassword: 'Wrong@123',
      newPassword: 'Newer@1234-river',
      confirmPassword: 'Newer@1234-river',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.details[0].code).toBe('users.errors.currentPasswordWrong');
    expect(
      (
        await change({
          currentPassword: 'Strong@123-river',
          newPassword: 'Newer@1234-river',
          confirmPassword: 'Newer@1234-river',
        })
      ).statusCode,
    ).toBe(204);
    // This device stays signed in; the other one must log in again.
    expect((await h.app.inject({ url: '/api/auth/profile', headers: me })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/api/auth/profile', headers: other })).statusCode).toBe(401);
    await loginAs('le.c@test.vn', 'Newer@1234-river');
    expect(
      JSON.stringify(await h.database.db.select({ details: auditEvents.details }).from(auditEvents)),
    ).not.toMatch(/Strong@123-river|Newer@1234-river/);
  });
});

describe('account requests', () => {
  const form = { ...validRegistration, name: 'Phạm Thị E', email: 'pham.e@test.vn' };
  /** Registers `form`; the answer does not carry the request id, the admin's list does. */
  async function fileRequest(adminHeaders: Record<string, string>): Promise<string> {
    const filed = await h.app.inject({ method: 'POST', url: '/api/auth/register', payload: form });
    expect(filed.statusCode).toBe(202);
    const list = await h.app.inject({ url: '/api/account-requests?status=pending', headers: adminHeaders });
    const [request] = list.json().requests;
    return request.id;
  }

  it('an approved request becomes an officer who can log in; a decided one cannot be decided again', async () => {
    const admin = await h.user('admin');
    const id = await fileRequest(admin.headers);
    const before = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: form.email, password: form.password },
    });
    expect(before.statusCode).toBe(401);
    const list = await h.app.inject({ url: '/api/account-requests?status=pending', headers: admin.headers });
    expect(list.json().requests).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toMatch(/password/i);
    const decide = (decision: string) =>
      h.app.inject({
        method: 'POST',
        url: `/api/account-requests/${id}/decision`,
        headers: admin.headers,
        payload: { decision },
      });
    const approved = await decide('approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().user).toMatchObject({ email: form.email, role: 'officer' });
    expect((await decide('reject')).statusCode).toBe(409);
    await loginAs(form.email, form.password);
    expect(await actions()).toEqual(
      expect.arrayContaining(['account_request.create', 'account_request.approve']),
    );
  });

  it('a rejected request creates no user', async () => {
    const admin = await h.user('admin');
    const id = await fileRequest(admin.headers);
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/account-requests/${id}/decision`,
      headers: admin.headers,
      payload: { decision: 'reject' },
    });
    expect(res.json().request.status).toBe('rejected');
    expect(res.json().user).toBeNull();
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: form.email, password: form.password },
    });
    expect(login.statusCode).toBe(401);
  });
});
