/**
 * The route x role x post matrix of a traveller's records (issue 32): a traveller registered at
 * TEST_POST_ID ("TST", province Hà Nội), with a declaration, and every route that reads or writes
 * it, called by its post's officer and supervisor, an officer of the other post, an analyst of
 * its province and of another province, and an admin. A record outside the caller's scope is 404
 * (it is not there for them); one the caller reads but may not write (an analyst) is 403.
 */
import { randomUUID } from 'node:crypto';
import { declarationPayload } from '@bh/shared/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fileHarness } from '../../test/file-harness.ts';
import { OTHER_POST_ID, TEST_POST_ID } from '../../test/harness.ts';
import { travelerData, travelerPayload } from '../../test/payloads.ts';

const h = fileHarness(undefined, { reset: false });
const versioned = z.object({ version: z.number() });
const listed = z.object({ items: z.array(z.object({ id: z.string() })) });
const found = z.object({ records: z.array(z.unknown()) });
type Headers = Record<string, string>;
const CALLERS = ['officer', 'supervisor', 'otherPost', 'analyst', 'otherAnalyst', 'admin'] as const;
type Caller = (typeof CALLERS)[number];

let as: Record<Caller, Headers>;
let travelerId = '';
let version = 1;
let declarationVersion = 1;
let held = false;

beforeAll(async () => {
  await h.reset();
  const user = async (
    role: 'officer' | 'supervisor' | 'analyst',
    postId: string | null,
    province: string | null,
  ) => (await h.user('officer', [{ role, postId, province }])).headers;
  as = {
    officer: await user('officer', TEST_POST_ID, null),
    supervisor: await user('supervisor', TEST_POST_ID, null),
    otherPost: await user('officer', OTHER_POST_ID, null),
    analyst: await user('analyst', null, 'Hà Nội'),
    otherAnalyst: await user('analyst', null, 'Lạng Sơn'),
    admin: (await h.user('admin')).headers,
  };
  const body = travelerPayload({ passportNo: 'B2468024' });
  const created = await h.app.inject({
    method: 'POST',
    url: '/api/travelers',
    headers: as.officer,
    payload: body,
  });
  expect(created.statusCode).toBe(201);
  travelerId = body.id;
  const declared = await h.app.inject({
    method: 'POST',
    url: '/api/health-declarations',
    headers: as.officer,
    payload: declarationPayload(travelerId),
  });
  expect(declared.statusCode).toBe(201);
  // The declaration moved the traveller to 'declared' (a new version).
  version = (await h.app.inject({ url: `/api/travelers/${travelerId}`, headers: as.officer })).json().version;
});

interface Cell {
  name: string;
  call: (headers: Headers) => Promise<{ statusCode: number; json: () => unknown }>;
  expect: Record<Caller, number>;
}

const READ = { officer: 200, supervisor: 200, otherPost: 404, analyst: 200, otherAnalyst: 404, admin: 200 };
const WRITE = { officer: 200, supervisor: 200, otherPost: 404, analyst: 403, otherAnalyst: 404, admin: 200 };
const ADMIN_ONLY = {
  officer: 403,
  supervisor: 403,
  otherPost: 403,
  analyst: 403,
  otherAnalyst: 403,
  admin: 403,
};

const CELLS: Cell[] = [
  {
    name: 'GET /api/travelers/:id',
    call: (headers) => h.app.inject({ url: `/api/travelers/${travelerId}`, headers }),
    expect: READ,
  },
  {
    name: 'PUT /api/travelers/:id',
    call: async (headers) => {
      const res = await h.app.inject({
        method: 'PUT',
        url: `/api/travelers/${travelerId}`,
        headers,
        payload: { ...travelerData({ passportNo: 'B2468024', note: randomUUID() }), version },
      });
      if (res.statusCode === 200) version = versioned.parse(res.json()).version;
      return res;
    },
    expect: WRITE,
  },
  {
    name: 'GET /api/travelers/:id/events',
    call: (headers) => h.app.inject({ url: `/api/travelers/${travelerId}/events`, headers }),
    expect: READ,
  },
  {
    name: 'POST /api/travelers/:id/events',
    call: (headers) =>
      h.app.inject({
        method: 'POST',
        url: `/api/travelers/${travelerId}/events`,
        headers,
        payload: {
          id: randomUUID(),
          occurredAt: new Date().toISOString(),
          kind: 'note',
          note: 'Seen at the desk',
        },
      }),
    expect: { ...WRITE, officer: 201, supervisor: 201, admin: 201 },
  },
  {
    name: 'GET /api/health-declarations/:id',
    call: (headers) => h.app.inject({ url: `/api/health-declarations/${travelerId}`, headers }),
    expect: READ,
  },
  {
    name: 'GET /api/health-declarations/traveler/:travelerId',
    call: (headers) => h.app.inject({ url: `/api/health-declarations/traveler/${travelerId}`, headers }),
    expect: READ,
  },
  {
    name: 'PUT /api/health-declarations/:id',
    call: async (headers) => {
      const { id: _id, ...fields } = declarationPayload(travelerId);
      const res = await h.app.inject({
        method: 'PUT',
        url: `/api/health-declarations/${travelerId}`,
        headers,
        payload: { ...fields, version: declarationVersion },
      });
      if (res.statusCode === 200) declarationVersion = versioned.parse(res.json()).version;
      return res;
    },
    expect: WRITE,
  },
  {
    name: 'POST /api/travelers/:id/transfer (to its own post: 422 once allowed)',
    call: (headers) =>
      h.app.inject({
        method: 'POST',
        url: `/api/travelers/${travelerId}/transfer`,
        headers,
        payload: { postId: TEST_POST_ID, reason: 'check' },
      }),
    expect: { ...WRITE, officer: 422, supervisor: 422, admin: 422 },
  },
  // Retention and the traveller's rights (issue 33, points 6 and 7)
  {
    name: 'GET /api/travelers/:id/privacy',
    call: (headers) => h.app.inject({ url: `/api/travelers/${travelerId}/privacy`, headers }),
    expect: READ,
  },
  {
    name: "PUT /api/travelers/:id/legal-hold (admins and the post's supervisor)",
    call: async (headers) => {
      const res = await h.app.inject({
        method: 'PUT',
        url: `/api/travelers/${travelerId}/legal-hold`,
        headers,
        payload: { hold: !held, reason: 'Inquiry 7/2026' },
      });
      if (res.statusCode === 200) held = !held;
      return res;
    },
    expect: { ...WRITE, officer: 403 },
  },
  {
    name: 'GET /api/travelers/:id/personal-data (admins)',
    call: (headers) => h.app.inject({ url: `/api/travelers/${travelerId}/personal-data`, headers }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'POST /api/travelers/:id/erase (admins; a traveller of its own per caller)',
    call: async (headers) => {
      const body = travelerPayload({
        passportNo: `C${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      });
      const created = await h.app.inject({
        method: 'POST',
        url: '/api/travelers',
        headers: as.officer,
        payload: body,
      });
      expect(created.statusCode).toBe(201);
      return h.app.inject({
        method: 'POST',
        url: `/api/travelers/${body.id}/erase`,
        headers,
        payload: { reason: 'The traveller asked' },
      });
    },
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'GET /api/reports/daily?postId=',
    call: (headers) =>
      h.app.inject({ url: `/api/reports/daily?date=2026-11-20&postId=${TEST_POST_ID}`, headers }),
    expect: READ,
  },
];

/** Routes that answer 200 for everyone but list only what the caller reads. */
const LISTS: { name: string; holds: (headers: Headers) => Promise<boolean> }[] = [
  {
    name: 'GET /api/travelers',
    holds: async (headers) =>
      listed
        .parse((await h.app.inject({ url: '/api/travelers', headers })).json())
        .items.some((t) => t.id === travelerId),
  },
  {
    name: 'GET /api/travelers/export',
    holds: async (headers) =>
      (await h.app.inject({ url: '/api/travelers/export', headers })).body.includes('B2468024'),
  },
  {
    name: 'GET /api/sync/records',
    holds: async (headers) =>
      found.parse(
        (
          await h.app.inject({ url: `/api/sync/records?table=healthDeclarations&ids=${travelerId}`, headers })
        ).json(),
      ).records.length === 1,
  },
  {
    name: 'GET /api/sync/pull',
    holds: async (headers) =>
      (await h.app.inject({ url: '/api/sync/pull?cursor=0&limit=1000', headers })).body.includes(travelerId),
  },
];

describe('route x role x post', () => {
  it.each(CELLS)('$name', async (cell) => {
    const got: Record<string, number> = {};
    for (const caller of CALLERS) got[caller] = (await cell.call(as[caller])).statusCode;
    expect(got).toEqual(cell.expect);
  });

  it.each(LISTS)('$name lists the traveller to those who read its post only', async (list) => {
    const got: Record<string, boolean> = {};
    for (const caller of CALLERS) got[caller] = await list.holds(as[caller]);
    expect(got).toEqual({
      officer: true,
      supervisor: true,
      otherPost: false,
      analyst: true,
      otherAnalyst: false,
      admin: true,
    });
  });
});
