import { noContacts, noSymptoms } from '@bh/shared/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeRecord } from '../sync/outbox.ts';
import { PWADatabase } from './database.ts';
import { getDeclaration, submitDeclaration } from './declarations-repo.ts';
import { discardFileBlob, getFileBlob, listPendingFileBlobs, saveFileBlob } from './files-repo.ts';

let database: PWADatabase;
beforeEach(() => {
  database = new PWADatabase(`decl-${Math.random()}`);
});
afterEach(async () => {
  await database.delete();
});

const travelerId = '6f1c1f4e-8a55-4b53-9b3c-2d4f7d0f9a11';
const form = (over: Record<string, unknown> = {}) => ({
  travelerId,
  fullName: 'Nguyễn Văn A',
  passportNumber: 'B1234567',
  phone: '0912345678',
  email: null,
  bodyTemperature: 38,
  vaccinationStatus: 'unvaccinated' as const,
  symptoms: { ...noSymptoms, fever: true },
  contactHistory: noContacts,
  riskZones: [],
  commitment: true as const,
  medications: null,
  allergies: null,
  medicalHistory: null,
  testFileId: null,
  vaccinationCertFileId: null,
  ...over,
});

describe('declarations repository', () => {
  it('creates the declaration under the traveller id with its outbox row and marks the traveller declared', async () => {
    await writeRecord(
      'travelers',
      'create',
      {
        id: travelerId,
        fullName: 'Nguyễn Văn A',
        passportNo: 'B1234567',
        nationality: 'VN',
        entryDate: '2026-01-01',
        status: 'pending',
      },
      database,
    );
    const result = await submitDeclaration(form(), 'pandemic', database);
    expect(result.created).toBe(true);
    expect(result.risk).toMatchObject({ score: 5, level: 'high' });
    const saved = await getDeclaration(travelerId, database);
    expect(saved).toMatchObject({
      id: travelerId,
      version: 0,
      syncStatus: 'pending',
      riskLevel: 'high',
      systemMode: 'pandemic',
    });
    // Shown declared at once; the status itself is the server's (no traveller update is queued).
    expect((await database.travelers.get(travelerId))?.status).toBe('declared');
    const queue = await database.syncQueue.toArray();
    expect(queue.map((q) => [q.table, q.operation])).toEqual([
      ['travelers', 'create'],
      ['healthDeclarations', 'create'],
    ]);
    // Only the writable fields travel: the server computes the risk itself.
    expect(queue[1]!.data).not.toHaveProperty('riskScore');
    expect(queue[1]!.data).toMatchObject({ travelerId, systemMode: 'pandemic', bodyTemperature: 38 });
  });

  it('a second submission for the same traveller is an update; no traveller row is needed', async () => {
    await submitDeclaration(form(), 'normal', database);
    const second = await submitDeclaration(
      form({ bodyTemperature: 36.5, vaccinationStatus: 'full', symptoms: form().symptoms }),
      'normal',
      database,
    );
    expect(second.created).toBe(false);
    expect(await database.declarations.count()).toBe(1);
    const ops = (await database.syncQueue.toArray()).map((q) => q.operation);
    expect(ops).toEqual(['create', 'update']);
    expect(await getDeclaration('00000000-0000-4000-8000-000000000000', database)).toBeNull();
  });
});

describe('files repository', () => {
  it('keeps a picked file as a pending blob under a device-made id', async () => {
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], 'cert.pdf', {
      type: 'application/pdf',
    });
    const saved = await saveFileBlob(file, 'health_test_result', database);
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await getFileBlob(saved.id, database)).toMatchObject({
      name: 'cert.pdf',
      size: 5,
      status: 'pending',
    });
    expect((await listPendingFileBlobs(database)).map((b) => b.id)).toEqual([saved.id]);
  });

  it('discards an unreferenced pending blob, never one a declaration references', async () => {
    const a = await saveFileBlob(
      new File(['a'], 'a.pdf', { type: 'application/pdf' }),
      'health_test_result',
      database,
    );
    const b = await saveFileBlob(
      new File(['b'], 'b.pdf', { type: 'application/pdf' }),
      'vaccination_certificate',
      database,
    );
    await submitDeclaration(form({ vaccinationCertFileId: b.id }), 'pandemic', database);
    expect(await discardFileBlob(a.id, database)).toBe(true);
    expect(await discardFileBlob(b.id, database)).toBe(false);
    expect((await listPendingFileBlobs(database)).map((x) => x.id)).toEqual([b.id]);
  });
});
