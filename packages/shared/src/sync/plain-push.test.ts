/**
 * isPlainPushRequest lets the server skip zod's walk of a push body: it may say yes only to a
 * body the schema accepts as it is, and it must say yes to the bodies devices send, or it saves
 * nothing. Checked on the shapes devices send and on a few thousand bodies bent one to three
 * ways (wrong types, missing and extra keys, bounds, order, ops a table does not allow).
 */
import { describe, expect, it } from 'vitest';
import { isPlainPushRequest, pushRequestSchema, SYNC_TABLES } from './protocol.ts';

const uuid = (n: number) => `0190a3c4-1b2c-7d3e-8f40-${String(n).padStart(12, '0')}`;

type Body = Record<string, unknown> & { mutations: Record<string, unknown>[] };

function validBody(): Body {
  const mutations: Record<string, unknown>[] = [
    {
      seq: 1,
      table: 'travelers',
      op: 'create',
      id: uuid(1),
      baseVersion: null,
      data: {
        fullName: 'Nguyễn Văn A',
        passportNo: 'B1234567',
        nationality: 'VN',
        entryDate: '2026-11-20',
      },
    },
    { seq: 2, table: 'travelers', op: 'update', id: uuid(2), baseVersion: 3, data: { note: 'x' } },
    { seq: 5, table: 'checkIns', op: 'delete', id: uuid(3), baseVersion: 1, data: null },
    {
      seq: 9,
      table: 'systemStatus',
      op: 'update',
      id: 'current',
      baseVersion: 2,
      data: { mode: 'normal' },
    },
    { seq: 10, table: 'travelerEvents', op: 'create', id: uuid(4), baseVersion: null, data: {} },
  ];
  return { clientId: 'device-1234-abcd', mutations };
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// (A missing key is a bend of its own below.)
const ODD_VALUES: unknown[] = [
  null,
  0,
  -1,
  1.5,
  2_147_483_647,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  '1',
  'current',
  'x'.repeat(65),
  uuid(7),
  uuid(7).toUpperCase(),
  [],
  [1],
  {},
  { reason: 'r' },
  { reason: ' ' },
  true,
  'travelers',
  'users',
  'create',
  'delete',
  Object.create(null),
];

/** One of the body's mutations (a loose object when an earlier bend left none to bend). */
const one = (b: Body, pick: <T>(list: T[]) => T): Record<string, unknown> =>
  Array.isArray(b.mutations) && b.mutations.length > 0 ? pick(b.mutations) : {};
const BENDS: ((b: Body, pick: <T>(list: T[]) => T) => void)[] = [
  (b, pick) => {
    const m = one(b, pick);
    delete m[pick(['seq', 'table', 'op', 'id', 'baseVersion', 'data'])];
  },
  (b, pick) => {
    one(b, pick)[pick(['extra', '__proto__x', 'Seq'])] = 1;
  },
  (b, pick) => {
    one(b, pick)[pick(['seq', 'table', 'op', 'id', 'baseVersion', 'data'])] = pick(ODD_VALUES);
  },
  (b, pick) => {
    b[pick(['clientId', 'mutations', 'other'])] = pick([
      ...ODD_VALUES,
      'short',
      'has space here',
      'a'.repeat(65),
    ]);
  },
  (b, pick) => {
    const [first, second] = [one(b, pick), one(b, pick)];
    const seq = first.seq;
    first.seq = second.seq;
    second.seq = seq;
  },
  (b) => {
    if (Array.isArray(b.mutations)) b.mutations.reverse();
  },
  (b, pick) => {
    if (Array.isArray(b.mutations)) b.mutations.push({ ...one(b, pick) });
  },
  (b) => {
    b.mutations = [];
  },
  (b) => {
    const first = Array.isArray(b.mutations) ? b.mutations[0] : undefined;
    b.mutations = Array.from({ length: 2001 }, (_, i) => ({ ...first, seq: i + 1 }));
  },
  (b, pick) => {
    const m = one(b, pick);
    m.op = pick(['create', 'update', 'delete']);
  },
  (b, pick) => {
    const m = one(b, pick);
    m.table = pick([...SYNC_TABLES]);
  },
];

describe('isPlainPushRequest', () => {
  it('takes the bodies devices send, and the schema takes them too', () => {
    const body = validBody();
    expect(isPlainPushRequest(body)).toBe(true);
    expect(pushRequestSchema.safeParse(body).success).toBe(true);
    const many = {
      clientId: 'device-1234-abcd',
      mutations: Array.from({ length: 2000 }, (_, i) => ({
        ...validBody().mutations[0],
        seq: i + 1,
        id: uuid(i),
      })),
    };
    expect(isPlainPushRequest(many)).toBe(true);
    expect(pushRequestSchema.safeParse(many).success).toBe(true);
  });

  it('never takes a body the schema refuses (bodies bent one to three ways)', () => {
    const r = random(20261129);
    const pick = <T>(list: T[]): T => {
      const item = list[Math.floor(r() * list.length)];
      if (item === undefined) throw new Error('nothing to pick');
      return item;
    };
    let taken = 0;
    let refusedBySchema = 0;
    for (let i = 0; i < 4000; i++) {
      const body = validBody();
      const bends = 1 + Math.floor(r() * 3);
      for (let k = 0; k < bends; k++) pick(BENDS)(body, pick);
      const schemaTakes = pushRequestSchema.safeParse(body).success;
      if (!schemaTakes) refusedBySchema++;
      if (isPlainPushRequest(body)) {
        taken++;
        expect({ i, schemaTakes }).toEqual({ i, schemaTakes: true });
      }
    }
    // Both kinds were met: some bent bodies stay valid, most are refused.
    expect(taken).toBeGreaterThan(50);
    expect(refusedBySchema).toBeGreaterThan(2000);
  });

  it('leaves to the schema what it is unsure of or cannot name', () => {
    const withReason = validBody();
    withReason.mutations = [
      { seq: 1, table: 'travelers', op: 'delete', id: uuid(1), baseVersion: 1, data: { reason: 'r' } },
    ];
    expect(pushRequestSchema.safeParse(withReason).success).toBe(true);
    expect(isPlainPushRequest(withReason)).toBe(false);
    expect(isPlainPushRequest(Object.assign(Object.create(null), validBody()))).toBe(false);
    expect(isPlainPushRequest([validBody()])).toBe(false);
    expect(isPlainPushRequest(null)).toBe(false);
  });
});
