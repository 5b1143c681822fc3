/**
 * Issue 13 item 10 (stored text): control and bidi-override characters are stripped from names
 * and notes before they are stored, whether they come over REST, a sync push or a profile update.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { travelers, users } from '../../db/schema.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { travelerPayload } from '../../test/payloads.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const RLO = '\u202e';
const dirty = { fullName: `Lê Văn${RLO}exe.gpj\u0007`, note: `dòng 1\n\tdòng 2\u2066\u0085${RLO}` };
const clean = { fullName: 'Lê Vănexe.gpj', note: 'dòng 1\n\tdòng 2' };

async function stored(id: string) {
  const [row] = await h.database.db
    .select({ fullName: travelers.fullName, note: travelers.note })
    .from(travelers)
    .where(eq(travelers.id, id));
  return row;
}

describe('stored text', () => {
  it('REST: a traveller is stored and answered without control or bidi-override characters', async () => {
    const { headers } = await h.user();
    const body = travelerPayload(dirty);
    const res = await h.app.inject({ method: 'POST', url: '/api/travelers', headers, payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject(clean);
    expect(await stored(body.id)).toEqual(clean);
  });

  it('sync push: the same stripping applies to mutation data', async () => {
    const { headers } = await h.user();
    const { id, ...data } = travelerPayload(dirty);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers,
      payload: {
        clientId: 'device-text',
        mutations: [{ seq: 1, table: 'travelers', op: 'create', id, baseVersion: null, data }],
      },
    });
    expect(res.json().results[0].status).toBe('applied');
    expect(await stored(id)).toEqual(clean);
  });

  it('a user name set through the profile is stripped too', async () => {
    const me = await h.user();
    const res = await h.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: me.headers,
      payload: { name: `\u2067Admin${RLO}\u0008` },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await h.database.db.select({ name: users.name }).from(users).where(eq(users.id, me.id));
    expect(row?.name).toBe('Admin');
  });
});
