/**
 * Issue 30, item 8: a refused request says which field is wrong. An unknown field is named by its
 * own path (not its parent's, not none); an empty pull cursor is refused, not read as 0.
 */
import { validPreArrivalSend, validPreArrivalSubmission, validTravelerInput } from '@bh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, UNTHROTTLED } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness(UNTHROTTLED);
});
afterAll(() => h?.close());

const detailsOf = (body: string) => JSON.parse(body).error?.details;

describe('an unknown field is named in the error', () => {
  it('nested: declaration.fullName on the public pre-arrival form', async () => {
    const payload = {
      ...validPreArrivalSend,
      declaration: { ...validPreArrivalSubmission.declaration, fullName: 'X' },
    };
    const res = await h.app.inject({ method: 'POST', url: '/api/pre-arrivals', payload });
    expect(res.statusCode).toBe(400);
    expect(detailsOf(res.body)).toEqual([
      { field: 'declaration.fullName', code: 'validation.unknown_field' },
    ]);
  });

  it('top level, two at once: each named', async () => {
    const officer = await h.user('officer');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/travelers',
      headers: officer.headers,
      payload: { id: '00000000-0000-4000-8000-00000000abcd', ...validTravelerInput, extra: 1, other: 2 },
    });
    expect(res.statusCode).toBe(400);
    expect(detailsOf(res.body)).toEqual([
      { field: 'extra', code: 'validation.unknown_field' },
      { field: 'other', code: 'validation.unknown_field' },
    ]);
  });
});

describe('GET /api/sync/pull cursor', () => {
  it('an empty cursor is a 400 naming the cursor; none at all still starts at 0', async () => {
    const officer = await h.user('officer');
    const empty = await h.app.inject({ url: '/api/sync/pull?cursor=', headers: officer.headers });
    expect(empty.statusCode).toBe(400);
    expect(detailsOf(empty.body)).toEqual([expect.objectContaining({ field: 'cursor' })]);
    const none = await h.app.inject({ url: '/api/sync/pull', headers: officer.headers });
    expect(none.statusCode).toBe(200);
    const some = await h.app.inject({ url: '/api/sync/pull?cursor=0', headers: officer.headers });
    expect(some.statusCode).toBe(200);
  });
});
