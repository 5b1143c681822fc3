// @vitest-environment node
/**
 * Encryption at rest (issue 33, docs/decisions/016-encryption-at-rest.md), in fake IndexedDB: after
 * an officer entered a traveller with a planted name, passport and phone, a declaration, a
 * check-in, a timeline note and a PDF, and a pull brought another planted traveller, no store's
 * raw values hold any planted string or the PDF's bytes; the app still reads them all back; and
 * an envelope opens only with its key, on its own record.
 */
import 'fake-indexeddb/auto';
import type { PullResponse } from '@bh/shared';
import { noContacts, noSymptoms } from '@bh/shared/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keysFromRaw } from '../lib/device-key.ts';
import { writeRecord } from '../sync/outbox.ts';
import { savePage } from '../sync/pull.ts';
import { PWADatabase } from './database.ts';
import { getDeclaration, submitDeclaration } from './declarations-repo.ts';
import { getFileBlob, saveFileBlob } from './files-repo.ts';
import { checkInsOf, eventsOf } from './lifecycle-repo.ts';
import { DeviceLockedError, openRecord, setDatabaseKeys } from './sealing.ts';
import { listPendingItems } from './sync-centre-repo.ts';
import { getTraveler } from './travelers-repo.ts';

const PLANTED = {
  name: 'Zyxwvu Plantedname',
  passport: 'Q9876543',
  phone: '+84987654321',
  pulledName: 'Qwerty Pulledperson',
  pulledPassport: 'P1357913',
  note: 'planted-note-text',
  allergy: 'planted-allergy-text',
};
const PDF = new TextEncoder().encode('%PDF-1.4\n% planted-pdf-bytes-0123456789\n%%EOF');

let database: PWADatabase;
let n = 0;
const newKeys = () => keysFromRaw(crypto.getRandomValues(new Uint8Array(32)));

beforeEach(async () => {
  database = new PWADatabase(`sealed-${++n}-${Math.random()}`);
  setDatabaseKeys(database, await newKeys());
  await database.open();
});
afterEach(async () => {
  database.close();
  await database.delete();
});

/** Every string in a stored value, bytes included (as Latin-1 text), one text to search. */
function rawText(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value instanceof Uint8Array || ArrayBuffer.isView(value))
    out.push(String.fromCharCode(...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)));
  else if (value instanceof ArrayBuffer) out.push(String.fromCharCode(...new Uint8Array(value)));
  else if (Array.isArray(value)) for (const v of value) rawText(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) rawText([k, v], out);
  else if (typeof value === 'number') out.push(String(value));
  return out;
}

async function everyStoredText(db: PWADatabase): Promise<string> {
  const parts: string[] = [];
  for (const table of db.tables) {
    // Straight from IndexedDB, under Dexie's middlewares (the landing's included).
    const idb = db.backendDB();
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      const req = idb.transaction(table.name, 'readonly').objectStore(table.name).getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    for (const row of rows) {
      if (row && typeof row === 'object' && 'sealed' in row && row.sealed && typeof row.sealed === 'object') {
        const bytes = 'bytes' in row.sealed ? row.sealed.bytes : null;
        if (bytes instanceof Uint8Array) parts.push(String.fromCharCode(...bytes));
      }
      parts.push(...rawText(row));
    }
  }
  return parts.join('\n');
}

const pdfText = String.fromCharCode(...PDF);

/** A pending traveller with the planted name and passport, written as the officer's device does. */
const plantedTraveler = (extra: { address?: string } = {}) =>
  writeRecord(
    'travelers',
    'create',
    {
      fullName: PLANTED.name,
      passportNo: PLANTED.passport,
      nationality: 'VN',
      entryDate: '2026-03-01',
      status: 'pending',
      ...extra,
    },
    database,
  );

describe('records and files at rest', () => {
  it('hold no planted name, passport, phone, answer, note or PDF byte in any store, and read back', async () => {
    const traveler = await plantedTraveler({ address: '1 Planted street' });
    await writeRecord('travelers', 'update', { id: traveler.id, note: PLANTED.note }, database);
    const file = await saveFileBlob(
      new File([PDF], `${PLANTED.name}.pdf`, { type: 'application/pdf' }),
      'health_test_result',
      database,
    );
    await writeRecord(
      'healthDeclarations',
      'create',
      {
        id: traveler.id,
        travelerId: traveler.id,
        fullName: PLANTED.name,
        passportNumber: PLANTED.passport,
        phone: PLANTED.phone,
        bodyTemperature: 38.4,
        allergies: PLANTED.allergy,
        testFileId: file.id,
      },
      database,
    );
    await writeRecord(
      'checkIns',
      'create',
      {
        travelerId: traveler.id,
        date: '2026-03-02',
        checkedAt: '2026-03-02T08:00:00.000Z',
        temperature: 38.4,
        note: PLANTED.note,
      },
      database,
    );
    await writeRecord(
      'travelerEvents',
      'create',
      { travelerId: traveler.id, kind: 'note', occurredAt: '2026-03-02T08:00:00.000Z', note: PLANTED.note },
      database,
    );
    // A fresh pull lands its records packed (db/landing/): sealed there too.
    const page: PullResponse = {
      changes: [
        {
          table: 'travelers',
          record: {
            id: '01930000-0000-7000-8000-000000000001',
            version: 1,
            fullName: PLANTED.pulledName,
            passportNo: PLANTED.pulledPassport,
            nationality: 'VN',
            entryDate: '2026-03-01',
            status: 'pending',
            createdAt: '2026-03-01T00:00:00.000Z',
            updatedAt: '2026-03-01T00:00:00.000Z',
            deletedAt: null,
          },
        },
      ],
      cursor: 1,
      hasMore: false,
      epoch: 'e',
    };
    await savePage(database, page);

    const stored = await everyStoredText(database);
    for (const planted of [...Object.values(PLANTED), 'Planted street', '38.4', pdfText, 'planted-pdf-bytes'])
      expect(stored, planted).not.toContain(planted);

    // The app reads everything back in clear.
    expect(await getTraveler(traveler.id, database)).toMatchObject({
      fullName: PLANTED.name,
      passportNo: PLANTED.passport,
      note: PLANTED.note,
      address: '1 Planted street',
    });
    expect(await getTraveler('01930000-0000-7000-8000-000000000001', database)).toMatchObject({
      fullName: PLANTED.pulledName,
    });
    expect(await getDeclaration(traveler.id, database)).toMatchObject({
      phone: PLANTED.phone,
      bodyTemperature: 38.4,
    });
    expect((await checkInsOf(traveler.id, database))[0]).toMatchObject({
      temperature: 38.4,
      note: PLANTED.note,
    });
    expect((await eventsOf(traveler.id, database))[0]).toMatchObject({ note: PLANTED.note });
    const opened = await getFileBlob(file.id, database);
    expect(opened?.name).toBe(`${PLANTED.name}.pdf`);
    expect(new Uint8Array(await (opened?.blob ?? new Blob()).arrayBuffer())).toEqual(PDF);
    // The outbox's rows are sent with their fields (the push opens them the same way).
    const rows = await listPendingItems(database);
    expect(rows.find((r) => r.table === 'healthDeclarations')?.data).toMatchObject({ phone: PLANTED.phone });
  });

  it('a declaration submitted twice over a sealed traveller: sealed, updated, the traveller shown declared', async () => {
    const traveler = await plantedTraveler();
    const form = {
      travelerId: traveler.id,
      fullName: PLANTED.name,
      passportNumber: PLANTED.passport,
      phone: PLANTED.phone,
      email: null,
      bodyTemperature: 38.4,
      vaccinationStatus: 'unvaccinated' as const,
      symptoms: { ...noSymptoms, fever: true },
      contactHistory: noContacts,
      riskZones: [],
      commitment: true as const,
      medications: null,
      allergies: PLANTED.allergy,
      medicalHistory: null,
      testFileId: null,
      vaccinationCertFileId: null,
    };
    const first = await submitDeclaration(form, 'pandemic', database);
    const second = await submitDeclaration({ ...form, phone: '+84900000001' }, 'pandemic', database);
    expect([first.created, second.created]).toEqual([true, false]);
    expect(await getDeclaration(traveler.id, database)).toMatchObject({ phone: '+84900000001' });
    expect((await database.travelers.get(traveler.id))?.status).toBe('declared');
    // The traveller's envelope was left as it was: it still opens into its name.
    expect(await getTraveler(traveler.id, database)).toMatchObject({ fullName: PLANTED.name });
    const stored = await everyStoredText(database);
    for (const planted of [PLANTED.phone, '+84900000001', PLANTED.allergy])
      expect(stored, planted).not.toContain(planted);
  });

  it('an envelope opens with its own key and record only; a locked database neither seals nor opens', async () => {
    const t = await plantedTraveler();
    const stored = await database.travelers.get(t.id);
    if (!stored) throw new Error('not stored');
    const other = new PWADatabase(`other-${n}`);
    setDatabaseKeys(other, await newKeys());
    await expect(openRecord(other, 'travelers', stored)).rejects.toThrow();
    // Moved to another record, or another table, it does not open either.
    await expect(openRecord(database, 'travelers', { ...stored, id: 'someone-else' })).rejects.toThrow();
    await expect(openRecord(database, 'healthDeclarations', stored)).rejects.toThrow();
    setDatabaseKeys(database, null);
    await expect(openRecord(database, 'travelers', stored)).rejects.toBeInstanceOf(DeviceLockedError);
    await expect(
      writeRecord(
        'travelers',
        'create',
        { fullName: 'x', passportNo: 'X1234567', nationality: 'VN' },
        database,
      ),
    ).rejects.toBeInstanceOf(DeviceLockedError);
  });
});
