import { describe, expect, it } from 'vitest';
import { validateWith } from '../schemas/validate.ts';
import { NOW, TRAVELER_ID, validMutation } from '../testing/fixtures.ts';
import * as protocol from './protocol.ts';

describe('sync names', () => {
  it('keeps the contract names', () => {
    expect(protocol.SYNC_TABLES.join()).toBe(
      'travelers,healthDeclarations,users,systemStatus,travelerEvents,checkIns',
    );
    expect(protocol.SYNC_OPS).toEqual(['create', 'update', 'delete']);
  });
});

describe('mutationSchema', () => {
  const create = { ...validMutation, op: 'create', baseVersion: null };
  const remove = { ...validMutation, op: 'delete', data: null };

  it('accepts create, update and delete envelopes', () => {
    expect(protocol.mutationSchema.safeParse(create).success).toBe(true);
    expect(protocol.mutationSchema.safeParse(validMutation).success).toBe(true);
    expect(protocol.mutationSchema.safeParse(remove).success).toBe(true);
  });

  it('create has no base version; update and delete need one', () => {
    expect(validateWith(protocol.mutationSchema, { ...create, baseVersion: 1 })).toMatchObject({
      errors: { baseVersion: 'sync.validation.baseVersionNotAllowed' },
    });
    expect(validateWith(protocol.mutationSchema, { ...validMutation, baseVersion: null })).toMatchObject({
      errors: { baseVersion: 'sync.validation.baseVersionRequired' },
    });
    expect(validateWith(protocol.mutationSchema, { ...remove, baseVersion: null })).toMatchObject({
      errors: { baseVersion: 'sync.validation.baseVersionRequired' },
    });
    expect(validateWith(protocol.mutationSchema, { ...validMutation, baseVersion: 0 })).toMatchObject({
      errors: { baseVersion: 'validation.min_value' },
    });
  });

  it('delete has no data; create and update need data', () => {
    expect(validateWith(protocol.mutationSchema, { ...remove, data: {} })).toMatchObject({
      errors: { data: 'sync.validation.dataNotAllowed' },
    });
    expect(validateWith(protocol.mutationSchema, { ...validMutation, data: null })).toMatchObject({
      errors: { data: 'sync.validation.dataRequired' },
    });
  });

  it('ids: UUID for records, current for the system status', () => {
    expect(validateWith(protocol.mutationSchema, { ...validMutation, id: 'current' })).toMatchObject({
      errors: { id: 'sync.validation.invalidRecordId' },
    });
    const status = { ...validMutation, table: 'systemStatus', id: 'current', data: { mode: 'normal' } };
    expect(protocol.mutationSchema.safeParse(status).success).toBe(true);
    expect(protocol.isValidRecordId('systemStatus', TRAVELER_ID)).toBe(false);
    expect(protocol.isValidRecordId('users', TRAVELER_ID.toUpperCase())).toBe(true);
  });

  it('users and the system status are only updated', () => {
    expect(validateWith(protocol.mutationSchema, { ...create, table: 'users' })).toMatchObject({
      errors: { op: 'sync.validation.opNotAllowed' },
    });
    expect(
      validateWith(protocol.mutationSchema, { ...remove, table: 'systemStatus', id: 'current' }),
    ).toMatchObject({
      errors: { op: 'sync.validation.opNotAllowed' },
    });
  });

  it('refuses unknown tables, operations and fields', () => {
    expect(
      validateWith(protocol.mutationSchema, {
        ...validMutation,
        table: 'files',
        op: 'upsert',
        clientId: 'x',
      }),
    ).toMatchObject({
      errors: {
        table: 'validation.invalid_option',
        op: 'validation.invalid_option',
        clientId: 'validation.unknown_field',
      },
    });
  });
});

describe('pushRequestSchema', () => {
  const mutations = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ ...validMutation, seq: i + 1 }));

  it('accepts 1 to MAX_PUSH_MUTATIONS mutations in increasing seq order', () => {
    expect(
      protocol.pushRequestSchema.safeParse({ clientId: TRAVELER_ID, mutations: mutations(1) }).success,
    ).toBe(true);
    expect(
      protocol.pushRequestSchema.safeParse({
        clientId: 'device-01',
        mutations: mutations(protocol.MAX_PUSH_MUTATIONS),
      }).success,
    ).toBe(true);
    expect(validateWith(protocol.pushRequestSchema, { clientId: 'device-01', mutations: [] })).toMatchObject({
      errors: { mutations: 'sync.validation.noMutations' },
    });
    expect(
      validateWith(protocol.pushRequestSchema, {
        clientId: 'device-01',
        mutations: mutations(protocol.MAX_PUSH_MUTATIONS + 1),
      }),
    ).toMatchObject({
      errors: { mutations: 'validation.too_many_items' },
      params: { mutations: { max: protocol.MAX_PUSH_MUTATIONS } },
    });
  });

  it('refuses repeated or decreasing seqs', () => {
    const [first, second] = mutations(2);
    expect(
      validateWith(protocol.pushRequestSchema, { clientId: 'device-01', mutations: [second, first] }),
    ).toMatchObject({
      errors: { mutations: 'sync.validation.seqOrder' },
    });
    expect(
      validateWith(protocol.pushRequestSchema, { clientId: 'device-01', mutations: [first, first] }),
    ).toMatchObject({
      errors: { mutations: 'sync.validation.seqOrder' },
    });
  });

  it('checks the client id: 8-64 of letters, digits, dashes', () => {
    const check = (clientId: string) =>
      protocol.pushRequestSchema.safeParse({ clientId, mutations: mutations(1) }).success;
    expect(check('abcd-123')).toBe(true);
    expect(check('abc-123')).toBe(false);
    expect(check('a'.repeat(64))).toBe(true);
    expect(check('a'.repeat(65))).toBe(false);
    expect(check('abcd_1234')).toBe(false);
  });
});

describe('push results and pull', () => {
  it('parses every result status', () => {
    const results = [
      { seq: 1, status: 'applied', version: 2, serverRecord: { id: TRAVELER_ID, version: 2 } },
      { seq: 2, status: 'duplicate', version: 2 },
      { seq: 3, status: 'conflict', serverRecord: null },
      {
        seq: 4,
        status: 'rejected',
        errors: [{ field: 'fullName', code: 'validation.required' }, { code: 'x' }],
      },
    ];
    expect(protocol.pushResponseSchema.safeParse({ results }).success).toBe(true);
    expect(protocol.pushResponseSchema.safeParse({ results: [{ seq: 1, status: 'ok' }] }).success).toBe(
      false,
    );
  });

  it('coerces the pull query with defaults and limits', () => {
    expect(protocol.pullQuerySchema.parse({})).toEqual({ cursor: 0, limit: 1000 });
    expect(protocol.pullQuerySchema.parse({ cursor: '42', limit: '5000' })).toEqual({
      cursor: 42,
      limit: 5000,
    });
    expect(protocol.pullQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(protocol.pullQuerySchema.safeParse({ limit: '5001' }).success).toBe(false);
    expect(protocol.pullQuerySchema.safeParse({ cursor: '-1' }).success).toBe(false);
    expect(protocol.pullQuerySchema.safeParse({ cursor: '1.5' }).success).toBe(false);
    expect(protocol.pullQuerySchema.safeParse({ cursor: 'abc' }).success).toBe(false);
  });

  it('parses pull and status responses', () => {
    expect(
      protocol.pullResponseSchema.safeParse({
        changes: [{ table: 'travelers', record: { id: TRAVELER_ID, deletedAt: NOW } }],
        cursor: 10,
        hasMore: true,
        epoch: 'db-1',
      }).success,
    ).toBe(true);
    expect(
      protocol.syncStatusResponseSchema.safeParse({
        serverTime: NOW,
        epoch: 'db-1',
        maxChangeSeq: 10,
        counts: { travelers: 3 },
      }).success,
    ).toBe(true);
  });

  it('detects a server that lost data', () => {
    expect(protocol.serverWentBack({ epoch: 'a', cursor: 10 }, { epoch: 'a', maxChangeSeq: 10 })).toBe(false);
    expect(protocol.serverWentBack({ epoch: 'a', cursor: 10 }, { epoch: 'a', maxChangeSeq: 9 })).toBe(true);
    expect(protocol.serverWentBack({ epoch: 'a', cursor: 0 }, { epoch: 'b', maxChangeSeq: 50 })).toBe(true);
    expect(protocol.serverWentBack({ epoch: null, cursor: 0 }, { epoch: 'b', maxChangeSeq: 0 })).toBe(false);
  });
});
