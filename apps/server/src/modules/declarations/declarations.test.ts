import { randomUUID } from 'node:crypto';
import { noContacts, noSymptoms } from '@bh/shared/testing';
import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditEvents } from '../../db/schema.ts';
import { fileHarness } from '../../test/file-harness.ts';
import { declarationPayload } from '../../test/payloads.ts';

const h = fileHarness();
let headers: Record<string, string>;
beforeEach(async () => {
  headers = (await h.user()).headers;
});

const post = (payload: Record<string, unknown>, hdrs = headers) =>
  h.app.inject({ method: 'POST', url: '/api/health-declarations', headers: hdrs, payload });

async function create(over: Record<string, unknown> = {}) {
  const id = randomUUID();
  const res = await post(declarationPayload(id, over));
  return { id, res, body: res.json() };
}

describe('risk score on the server', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    ['nothing', {}, 0, 'low'],
    ['fever (37.6)', { bodyTemperature: 37.6 }, 2, 'low'],
    ['37.5 is not fever', { bodyTemperature: 37.5 }, 0, 'low'],
    ['a symptom', { symptoms: { ...noSymptoms, cough: true } }, 2, 'low'],
    ['covid contact', { contactHistory: { ...noContacts, covidContact: true } }, 3, 'medium'],
    ['affected area', { contactHistory: { ...noContacts, visitedAffectedArea: true } }, 1, 'low'],
    ['a risk zone', { riskZones: ['daegu'] }, 2, 'low'],
    ['unvaccinated', { vaccinationStatus: 'unvaccinated' }, 1, 'low'],
  ];
  for (const [name, over, score, level] of cases) {
    it(`${name}: score ${score}, ${level}`, async () => {
      const { body, res } = await create(over);
      expect(res.statusCode).toBe(201);
      expect(body).toMatchObject({ riskScore: score, riskLevel: level, ruleVersion: 'risk-v1', version: 1 });
      expect(body.riskFactors.reduce((s: number, f: { points: number }) => s + f.points, 0)).toBe(score);
    });
  }

  it('thresholds: 2 low, 3 medium, 4 medium, 5 high; factors listed', async () => {
    const zone = { riskZones: ['wuhan'] };
    const two = await create(zone);
    expect(two.body).toMatchObject({ riskScore: 2, riskLevel: 'low' });
    const three = await create({ ...zone, vaccinationStatus: 'unvaccinated' });
    expect(three.body).toMatchObject({ riskScore: 3, riskLevel: 'medium' });
    const four = await create({ ...zone, bodyTemperature: 38 });
    expect(four.body).toMatchObject({ riskScore: 4, riskLevel: 'medium' });
    const five = await create({ ...zone, bodyTemperature: 38, vaccinationStatus: 'unvaccinated' });
    expect(five.body).toMatchObject({ riskScore: 5, riskLevel: 'high' });
    expect(five.body.riskFactors).toEqual([
      { id: 'fever', points: 2 },
      { id: 'riskZone', points: 2 },
      { id: 'unvaccinated', points: 1 },
    ]);
    const all = await create({
      bodyTemperature: 39,
      symptoms: { ...noSymptoms, fever: true },
      contactHistory: { ...noContacts, covidContact: true, visitedAffectedArea: true, visitedKorea: true },
      vaccinationStatus: 'unvaccinated',
    });
    expect(all.body).toMatchObject({ riskScore: 11, riskLevel: 'high' });
  });

  it('refuses risk fields sent by the client (the server computes them)', async () => {
    const { res } = await create({ riskScore: 0, riskLevel: 'low' });
    expect(res.statusCode).toBe(400);
  });
});

describe('validation messages', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['fullName', { fullName: '' }, 'fullName', 'declaration.errors.fullNameRequired'],
    ['passport', { passportNumber: '' }, 'passportNumber', 'declaration.errors.passportNumberRequired'],
    ['phone required', { phone: '' }, 'phone', 'declaration.errors.phoneRequired'],
    ['phone valid', { phone: '12ab' }, 'phone', 'declaration.errors.phoneInvalid'],
    ['email valid', { email: 'not-an-email' }, 'email', 'declaration.errors.emailInvalid'],
    ['temperature low', { bodyTemperature: 34.9 }, 'bodyTemperature', 'declaration.errors.temperatureRange'],
    ['temperature high', { bodyTemperature: 45.1 }, 'bodyTemperature', 'declaration.errors.temperatureRange'],
    ['temperature step', { bodyTemperature: 37.55 }, 'bodyTemperature', 'declaration.errors.temperatureStep'],
    [
      'vaccination',
      { vaccinationStatus: undefined },
      'vaccinationStatus',
      'declaration.errors.vaccinationStatusRequired',
    ],
    ['commitment', { commitment: false }, 'commitment', 'declaration.errors.commitmentRequired'],
  ];
  for (const [name, over, field, code] of cases) {
    it(`${name}: ${code}`, async () => {
      const { res, body } = await create(over);
      expect(res.statusCode).toBe(400);
      expect(body.error.code).toBe('validation_error');
      expect(body.error.details).toContainEqual({ field, code });
    });
  }

  it('accepts the edges 35.0 and 45.0 and a missing email', async () => {
    expect((await create({ bodyTemperature: 35 })).res.statusCode).toBe(201);
    expect((await create({ bodyTemperature: 45, email: undefined })).res.statusCode).toBe(201);
  });

  it('refuses a declaration whose id is not its traveller id', async () => {
    const res = await post({ ...declarationPayload(randomUUID()), travelerId: randomUUID() });
    expect(res.statusCode).toBe(400);
  });

  it('needs a login', async () => {
    expect((await post(declarationPayload(randomUUID()), {})).statusCode).toBe(401);
  });
});

describe('one declaration per traveller, kept with its history', () => {
  it('GET by id and by traveller; a second create is a conflict carrying the server row', async () => {
    const { id, body } = await create();
    const byId = await h.app.inject({ url: `/api/health-declarations/${id}`, headers });
    expect(byId.json()).toEqual(body);
    const byTraveler = await h.app.inject({ url: `/api/health-declarations/traveler/${id}`, headers });
    expect(byTraveler.json()).toEqual(body);
    const missing = await h.app.inject({ url: `/api/health-declarations/traveler/${randomUUID()}`, headers });
    expect(missing.statusCode).toBe(404);
    const again = await post(declarationPayload(id, { phone: '0987654321' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details.serverRecord).toMatchObject({ id, phone: '0912345678' });
  });

  it('PUT updates on the current version, recomputes the risk, keeps the earlier version in the audit trail', async () => {
    const { id } = await create();
    const { id: _omit, ...data } = declarationPayload(id, {
      bodyTemperature: 38.2,
      vaccinationStatus: 'unvaccinated',
    });
    const put = (version: number, over: Record<string, unknown> = {}) =>
      h.app.inject({
        method: 'PUT',
        url: `/api/health-declarations/${id}`,
        headers,
        payload: { ...data, ...over, version },
      });
    const ok = await put(1);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ version: 2, riskScore: 3, riskLevel: 'medium', bodyTemperature: 38.2 });
    const stale = await put(1, { phone: '0999999999' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details.serverRecord).toMatchObject({ id, version: 2, bodyTemperature: 38.2 });
    const audit = await h.database.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'health_declaration'), eq(auditEvents.entityId, id)))
      .orderBy(asc(auditEvents.id));
    expect(audit.map((a) => a.action)).toEqual(['health_declaration.create', 'health_declaration.update']);
    const previous = z
      .object({ previous: z.record(z.string(), z.unknown()) })
      .parse(audit[1]?.details).previous;
    expect(previous).toMatchObject({ id, version: 1, bodyTemperature: 36.6, riskScore: 0, riskLevel: 'low' });
    // The audit trail holds no passport numbers.
    expect(previous).not.toHaveProperty('passportNumber');
    const missing = await h.app.inject({
      method: 'PUT',
      url: `/api/health-declarations/${randomUUID()}`,
      headers,
      payload: { ...data, version: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });
});
