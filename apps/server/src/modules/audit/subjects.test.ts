import { randomUUID } from 'node:crypto';
import { auditPageSchema } from '@bh/shared';
import { describe, expect, it } from 'vitest';
import { fileHarness } from '../../test/file-harness.ts';
import { declarationPayload, travelerPayload } from '../../test/payloads.ts';

const h = fileHarness();

describe('audit entries a person reads', () => {
  it('name the traveller, the status asked for and the role; travellers are found by name or passport', async () => {
    const admin = await h.user('admin');
    const officer = await h.user('officer');
    const body = travelerPayload({ fullName: 'Trần Thị Hoa', passportNo: 'C9876543' });
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/travelers', headers: officer.headers, payload: body }))
        .statusCode,
    ).toBe(201);
    const declared = await h.app.inject({
      method: 'POST',
      url: '/api/health-declarations',
      headers: officer.headers,
      payload: declarationPayload(body.id),
    });
    expect(declared.statusCode).toBe(201);
    const moved = await h.app.inject({
      method: 'POST',
      url: `/api/travelers/${body.id}/events`,
      headers: officer.headers,
      payload: {
        id: randomUUID(),
        occurredAt: new Date().toISOString(),
        kind: 'status_changed',
        toStatus: 'quarantine',
      },
    });
    expect(moved.statusCode).toBe(201);
    for (const query of ['thị hoa', 'TRAN THI', 'c9876543']) {
      const res = await h.app.inject({
        url: `/api/audit?traveler=${encodeURIComponent(query)}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      const { items } = auditPageSchema.parse(res.json());
      expect(new Set(items.map((e) => e.entity))).toEqual(
        new Set(['traveler_event', 'health_declaration', 'traveler']),
      );
      for (const e of items) {
        expect(e.traveler).toEqual({ id: body.id, fullName: 'Trần Thị Hoa' });
        expect(e).toMatchObject({ userName: 'Test officer', userRole: 'officer' });
      }
      expect(items.find((e) => e.entity === 'traveler_event')?.event).toEqual({
        kind: 'status_changed',
        toStatus: 'quarantine',
      });
    }
    const none = await h.app.inject({ url: '/api/audit?traveler=Nobody%25', headers: admin.headers });
    expect(auditPageSchema.parse(none.json()).items).toEqual([]);
  });
});
