/**
 * Every API route x {anonymous, officer, admin}: the status each cell must answer, walked on the
 * real app. ADD A ROW FOR EVERY NEW ROUTE (the second test fails while a registered /api route
 * has no row). Keep rows plain: method, route pattern, optional sample url (with sample params)
 * and body, and the expected status per caller. A body may be a function of the caller so that
 * cells do not collide (unique e-mails, client ids). The database is reset before each row.
 */
import { randomUUID } from 'node:crypto';
import { validPreArrivalSend, validRegistration } from '@bh/shared/testing';
import { describe, expect, it } from 'vitest';
import { fileHarness } from './file-harness.ts';
import { declarationPayload } from './payloads.ts';
import { registeredApiRoutes } from './routes.ts';

type Caller = 'anonymous' | 'officer' | 'admin';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RouteRow {
  method: Method;
  /** The route as registered, e.g. '/api/users/:id'. */
  route: string;
  /** Sample url with params and query; defaults to `route`. */
  url?: string;
  body?: unknown | ((caller: Caller) => unknown);
  expect: Record<Caller, number>;
}

const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';
const open = (status: number) => ({ anonymous: status, officer: status, admin: status });
const anyUser = (status: number) => ({ anonymous: 401, officer: status, admin: status });
const adminOnly = (status: number) => ({ anonymous: 401, officer: 403, admin: status });

const traveler = {
  fullName: 'Nguyễn Văn A',
  passportNo: 'B1234567',
  nationality: 'VN',
  entryDate: '2026-11-20',
  status: 'pending',
};
const registration = (caller: Caller) => ({
  ...validRegistration,
  name: 'Trần Thị B',
  email: `register-${caller}@test.vn`,
});

export const ROUTES: RouteRow[] = [
  // health
  { method: 'GET', route: '/api/health', expect: open(200) },
  { method: 'GET', route: '/api/openapi.json', expect: open(200) },
  // sync
  {
    method: 'POST',
    route: '/api/sync/push',
    body: () => ({
      clientId: randomUUID(),
      mutations: [
        { seq: 1, table: 'travelers', op: 'create', id: randomUUID(), baseVersion: null, data: traveler },
      ],
    }),
    expect: anyUser(200),
  },
  { method: 'GET', route: '/api/sync/pull', url: '/api/sync/pull?cursor=0', expect: anyUser(200) },
  { method: 'GET', route: '/api/sync/status', expect: anyUser(200) },
  {
    method: 'GET',
    route: '/api/sync/records',
    url: `/api/sync/records?table=travelers&ids=${SAMPLE_ID}`,
    expect: anyUser(200),
  },
  // auth
  {
    method: 'POST',
    route: '/api/auth/login',
    body: { email: 'nobody@test.vn', password: 'Wrong@123' },
    expect: open(401),
  },
  { method: 'POST', route: '/api/auth/refresh', expect: open(401) },
  { method: 'POST', route: '/api/auth/logout', expect: open(204) },
  { method: 'POST', route: '/api/auth/register', body: registration, expect: open(202) },
  { method: 'GET', route: '/api/auth/profile', expect: anyUser(200) },
  { method: 'GET', route: '/api/auth/demo', expect: open(200) },
  // devices (an officer sees their own; a device not theirs to see is a 404)
  { method: 'GET', route: '/api/devices', expect: anyUser(200) },
  { method: 'DELETE', route: '/api/devices/:id', url: `/api/devices/${SAMPLE_ID}`, expect: anyUser(404) },
  // the device's escrowed key (issue 33 point 2): the role test's sessions name no device
  { method: 'POST', route: '/api/devices/current/key', expect: anyUser(404) },
  // reads audited: anyone signed in sends what they opened
  {
    method: 'POST',
    route: '/api/audit/reads',
    body: () => ({
      events: [
        { id: randomUUID(), travelerId: SAMPLE_ID, viewed: 'declaration', at: new Date().toISOString() },
      ],
    }),
    expect: anyUser(200),
  },
  // users
  { method: 'GET', route: '/api/users', expect: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/users',
    body: (caller: Caller) => ({
      name: 'Lê Văn C',
      email: `new-${caller}@test.vn`,
      role: 'officer',
      password: 'Strong@123-river',
    }),
    expect: adminOnly(201),
  },
  { method: 'PUT', route: '/api/users/profile', body: { name: 'Tên Mới' }, expect: anyUser(200) },
  // Harness users have no real password, so a valid body reaches the "current password wrong" 400.
  {
    method: 'POST',
    route: '/api/users/change-password',
    body: {
      currentPassword: 'Old@12345',
      newPassword: 'Newer@1234-river',
      confirmPassword: 'Newer@1234-river',
    },
    expect: anyUser(400),
  },
  { method: 'GET', route: '/api/users/:id', url: `/api/users/${SAMPLE_ID}`, expect: adminOnly(404) },
  {
    method: 'PUT',
    route: '/api/users/:id',
    url: `/api/users/${SAMPLE_ID}`,
    body: { name: 'Tên Mới' },
    expect: adminOnly(404),
  },
  // account requests
  { method: 'GET', route: '/api/account-requests', expect: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/account-requests/:id/decision',
    url: `/api/account-requests/${SAMPLE_ID}/decision`,
    body: { decision: 'approve' },
    expect: adminOnly(404),
  },
  // points of entry (the harness's officers work at TEST_POST_ID)
  { method: 'GET', route: '/api/posts', expect: anyUser(200) },
  { method: 'GET', route: '/api/posts/public', expect: open(200) },
  {
    method: 'POST',
    route: '/api/posts',
    body: {
      code: 'DAD',
      name: { vi: 'Đà Nẵng', en: 'Da Nang', ja: 'ダナン' },
      kind: 'airport',
      province: 'Đà Nẵng',
      timeZone: 'Asia/Ho_Chi_Minh',
    },
    expect: adminOnly(201),
  },
  {
    method: 'PATCH',
    route: '/api/posts/:id',
    url: `/api/posts/${SAMPLE_ID}`,
    body: { version: 1, closed: true },
    expect: adminOnly(404),
  },
  {
    method: 'GET',
    route: '/api/users/:id/assignments',
    url: `/api/users/${SAMPLE_ID}/assignments`,
    expect: adminOnly(404),
  },
  {
    method: 'PUT',
    route: '/api/users/:id/assignments',
    url: `/api/users/${SAMPLE_ID}/assignments`,
    body: { assignments: [] },
    expect: adminOnly(404),
  },
  {
    method: 'POST',
    route: '/api/auth/post',
    body: { postId: SAMPLE_ID },
    expect: anyUser(404),
  },
  {
    method: 'POST',
    route: '/api/travelers/:id/transfer',
    url: `/api/travelers/${SAMPLE_ID}/transfer`,
    body: { postId: SAMPLE_ID, reason: 'Moved' },
    expect: anyUser(404),
  },
  // system status
  { method: 'GET', route: '/api/system-status', expect: anyUser(200) },
  { method: 'PUT', route: '/api/system-status', body: { mode: 'normal' }, expect: adminOnly(200) },
  // notifications (own list only: a foreign or unknown id is 404)
  { method: 'GET', route: '/api/notifications', expect: anyUser(200) },
  { method: 'PUT', route: '/api/notifications/read-all', expect: anyUser(200) },
  {
    method: 'PUT',
    route: '/api/notifications/:id/read',
    url: `/api/notifications/${SAMPLE_ID}/read`,
    expect: anyUser(404),
  },
  {
    method: 'DELETE',
    route: '/api/notifications/:id',
    url: `/api/notifications/${SAMPLE_ID}`,
    expect: anyUser(404),
  },
  { method: 'DELETE', route: '/api/notifications', expect: anyUser(200) },
  // push (the VAPID key pair is generated into DATA_DIR on start)
  { method: 'GET', route: '/api/push/public-key', expect: anyUser(200) },
  { method: 'GET', route: '/api/push-subscriptions', expect: anyUser(200) },
  {
    method: 'DELETE',
    route: '/api/push-subscriptions',
    body: { endpoint: 'https://fcm.googleapis.com/fcm/send/none' },
    expect: anyUser(200),
  },
  {
    method: 'POST',
    route: '/api/push-subscriptions',
    body: (caller: Caller) => ({
      subscription: {
        endpoint: `https://fcm.googleapis.com/fcm/send/${caller}`,
        keys: { p256dh: 'BNc', auth: 'YQ' },
      },
      userAgent: 'test',
      timestamp: '2026-03-05T10:00:00.000Z',
    }),
    expect: anyUser(201),
  },
  // health declarations (id = traveller id)
  {
    method: 'GET',
    route: '/api/health-declarations/traveler/:travelerId',
    url: `/api/health-declarations/traveler/${SAMPLE_ID}`,
    expect: anyUser(404),
  },
  {
    method: 'GET',
    route: '/api/health-declarations/:id',
    url: `/api/health-declarations/${SAMPLE_ID}`,
    expect: anyUser(404),
  },
  {
    method: 'POST',
    route: '/api/health-declarations',
    body: () => declarationPayload(randomUUID()),
    expect: anyUser(201),
  },
  {
    method: 'PUT',
    route: '/api/health-declarations/:id',
    url: `/api/health-declarations/${SAMPLE_ID}`,
    body: () => {
      const { id: _id, ...fields } = declarationPayload(SAMPLE_ID);
      return { ...fields, version: 1 };
    },
    expect: anyUser(404),
  },
  // travellers (REST follows the sync contract; unknown ids are 404; a JSON body is not a CSV: 415)
  { method: 'GET', route: '/api/travelers', expect: anyUser(200) },
  { method: 'GET', route: '/api/travelers/export', expect: anyUser(200) },
  { method: 'GET', route: '/api/travelers/:id', url: `/api/travelers/${SAMPLE_ID}`, expect: anyUser(404) },
  // lifecycle (a traveller that does not exist: 404 once logged in)
  {
    method: 'GET',
    route: '/api/travelers/:id/events',
    url: `/api/travelers/${SAMPLE_ID}/events`,
    expect: anyUser(404),
  },
  {
    method: 'POST',
    route: '/api/travelers/:id/events',
    url: `/api/travelers/${SAMPLE_ID}/events`,
    body: () => ({ id: randomUUID(), kind: 'note', occurredAt: '2026-11-20T08:00:00.000Z', note: 'Called' }),
    expect: anyUser(404),
  },
  {
    method: 'POST',
    route: '/api/travelers',
    // One passport per caller: the same passport again within a day is a duplicate (409).
    body: (caller: Caller) => ({ id: randomUUID(), ...traveler, passportNo: `B${caller.length}234567` }),
    expect: anyUser(201),
  },
  {
    method: 'PUT',
    route: '/api/travelers/:id',
    url: `/api/travelers/${SAMPLE_ID}`,
    body: { ...traveler, version: 1 },
    expect: anyUser(404),
  },
  {
    method: 'DELETE',
    route: '/api/travelers/:id',
    url: `/api/travelers/${SAMPLE_ID}?version=1`,
    expect: anyUser(404),
  },
  { method: 'POST', route: '/api/travelers/bulk-import', body: { csv: 'x' }, expect: anyUser(415) },
  { method: 'GET', route: '/api/travelers/deleted', expect: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/travelers/:id/restore',
    url: `/api/travelers/${SAMPLE_ID}/restore`,
    body: { version: 1 },
    expect: adminOnly(404),
  },
  // pre-arrival submissions (anonymous post; one code at a time for officers; no list)
  { method: 'POST', route: '/api/pre-arrivals', body: validPreArrivalSend, expect: open(201) },
  {
    method: 'GET',
    route: '/api/pre-arrivals/:code',
    url: '/api/pre-arrivals/ABCDEFGH23',
    expect: anyUser(404),
  },
  {
    method: 'POST',
    route: '/api/pre-arrivals/:code/used',
    url: '/api/pre-arrivals/ABCDEFGH23/used',
    expect: anyUser(404),
  },
  // reference lists
  { method: 'GET', route: '/api/config/countries', expect: anyUser(200) },
  { method: 'GET', route: '/api/config/nationalities', expect: anyUser(200) },
  { method: 'GET', route: '/api/config/languages', expect: anyUser(200) },
  { method: 'GET', route: '/api/config/currencies', expect: anyUser(200) },
  { method: 'GET', route: '/api/config/airports', expect: anyUser(200) },
  { method: 'GET', route: '/api/config/flight-suggestions', expect: anyUser(200) },
  // files (a JSON body is not an upload: 415)
  { method: 'POST', route: '/api/files', body: { file_type: 'health_test_result' }, expect: anyUser(415) },
  { method: 'GET', route: '/api/files/:id', url: `/api/files/${SAMPLE_ID}`, expect: anyUser(404) },
  {
    method: 'GET',
    route: '/api/files/:id/metadata',
    url: `/api/files/${SAMPLE_ID}/metadata`,
    expect: anyUser(404),
  },
  { method: 'DELETE', route: '/api/files/:id', url: `/api/files/${SAMPLE_ID}`, expect: anyUser(404) },
  // reports (officers and admins) and the audit viewer (admins)
  {
    method: 'GET',
    route: '/api/reports/daily',
    url: '/api/reports/daily?date=2026-02-01',
    expect: anyUser(200),
  },
  {
    method: 'GET',
    route: '/api/reports/weekly',
    url: '/api/reports/weekly?week=2026-W05',
    expect: anyUser(200),
  },
  {
    method: 'GET',
    route: '/api/reports/monthly',
    url: '/api/reports/monthly?month=2026-02',
    expect: anyUser(200),
  },
  {
    method: 'GET',
    route: '/api/reports/custom',
    url: '/api/reports/custom?from=2026-02-01&to=2026-02-10',
    expect: anyUser(200),
  },
  { method: 'GET', route: '/api/audit', expect: adminOnly(200) },
  // retention and the traveller's rights (the post matrix: posts/scope-matrix.test.ts)
  { method: 'GET', route: '/api/privacy/notice', expect: open(200) },
  { method: 'GET', route: '/api/privacy/settings', expect: adminOnly(200) },
  {
    method: 'PUT',
    route: '/api/privacy/settings',
    body: { retentionMonths: 24, contact: 'dpo@test.vn', version: 1 },
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    route: '/api/travelers/:id/privacy',
    url: `/api/travelers/${SAMPLE_ID}/privacy`,
    expect: anyUser(404),
  },
  {
    method: 'PUT',
    route: '/api/travelers/:id/legal-hold',
    url: `/api/travelers/${SAMPLE_ID}/legal-hold`,
    body: { hold: true, reason: 'Court order 12/2026' },
    expect: anyUser(404),
  },
  {
    method: 'GET',
    route: '/api/travelers/:id/personal-data',
    url: `/api/travelers/${SAMPLE_ID}/personal-data`,
    expect: adminOnly(404),
  },
  {
    method: 'POST',
    route: '/api/travelers/:id/erase',
    url: `/api/travelers/${SAMPLE_ID}/erase`,
    body: { reason: 'Request of the traveller' },
    expect: adminOnly(404),
  },
];

const h = fileHarness(undefined, { reset: false });

/** Every /api route the app registered, as 'METHOD /path', read from Fastify's route tree. */

describe('route x role table', () => {
  it('every cell answers its expected status', async () => {
    const failures: string[] = [];
    for (const row of ROUTES) {
      await h.reset();
      for (const caller of ['anonymous', 'officer', 'admin'] as const) {
        const headers = caller === 'anonymous' ? {} : (await h.user(caller)).headers;
        const body = typeof row.body === 'function' ? row.body(caller) : row.body;
        const res = await h.app.inject({
          method: row.method,
          url: row.url ?? row.route,
          headers,
          ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
        });
        if (res.statusCode !== row.expect[caller]) {
          failures.push(
            `${row.method} ${row.route} as ${caller}: ${res.statusCode}, expected ${row.expect[caller]}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('has a row for every registered /api route', () => {
    const inTable = new Set(ROUTES.map((r) => `${r.method} ${r.route}`));
    expect(registeredApiRoutes(h.app).filter((r) => !inTable.has(r))).toEqual([]);
  });
});
