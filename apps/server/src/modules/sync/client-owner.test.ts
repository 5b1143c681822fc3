/** Issue 13 item 4: a sync client id is bound to the user who first pushed with it. */

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, syncClients, travelers } from '../../db/schema.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { travelerPayload } from '../../test/payloads.ts';

const h = fileHarness();

let made = 0;
const createMutation = (seq: number) => {
  // A new passport each time: one passport twice within a day is refused as a duplicate.
  const { id, ...data } = travelerPayload({ passportNo: `B${1_000_000 + made++}` });
  return { seq, table: 'travelers', op: 'create', id, baseVersion: null, data };
};

const push = (headers: Record<string, string>, clientId: string, mutations: unknown[]) =>
  h.app.inject({ method: 'POST', url: '/api/sync/push', headers, payload: { clientId, mutations } });

describe('sync idempotency is keyed by (user, clientId, seq)', () => {
  it("refuses another user's client id with 409 and audits it, without answering the first user's results", async () => {
    const alice = await h.user();
    const mallory = await h.user();
    const m = createMutation(1);
    const first = await push(alice.headers, 'device-alice', [m]);
    expect(first.json().results).toEqual([{ seq: 1, status: 'applied', version: 1 }]);

    const stolen = await push(mallory.headers, 'device-alice', [m]);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().error).toMatchObject({
      code: 'conflict',
      message: 'sync.errors.clientIdOfAnotherUser',
    });
    expect(JSON.stringify(stolen.json())).not.toContain('duplicate');

    const fresh = await push(mallory.headers, 'device-alice', [createMutation(2)]);
    expect(fresh.statusCode).toBe(409);
    const refused = await h.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'sync.client_id.refused'));
    expect(refused).toHaveLength(2);
    expect(refused[0]).toMatchObject({
      userId: mallory.id,
      entityId: 'device-alice',
      details: { ownerId: alice.id },
    });
    // Nothing of Mallory's was applied or stored under Alice's client id.
    expect(await h.database.db.$count(travelers)).toBe(1);
  });

  it('gives a new client id to one of two users pushing with it at once; the other gets 409 and nothing applied', async () => {
    for (let round = 0; round < 5; round++) {
      const alice = await h.user();
      const mallory = await h.user();
      const clientId = `device-race-${round}`;
      const answers = await Promise.all([
        push(alice.headers, clientId, [createMutation(1)]),
        push(mallory.headers, clientId, [createMutation(1)]),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0]?.statusCode === 200 ? alice : mallory;
      const [row] = await h.database.db.select().from(syncClients).where(eq(syncClients.clientId, clientId));
      expect(row?.userId).toBe(winner.id);
      expect(await h.database.db.$count(travelers, eq(travelers.createdBy, winner.id))).toBe(1);
      expect(
        await h.database.db.$count(
          travelers,
          eq(travelers.createdBy, winner === alice ? mallory.id : alice.id),
        ),
      ).toBe(0);
    }
  });

  it('lets each user push with their own client id and the same seq numbers', async () => {
    const alice = await h.user();
    const bob = await h.user();
    expect((await push(alice.headers, 'device-a', [createMutation(1)])).json().results[0].status).toBe(
      'applied',
    );
    expect((await push(bob.headers, 'device-b', [createMutation(1)])).json().results[0].status).toBe(
      'applied',
    );
    expect((await push(alice.headers, 'device-a', [createMutation(2)])).statusCode).toBe(200);
  });
});
