import { localTravelerSchema, preArrivalTravelerSchema } from '@bh/shared';
import { validPreArrivalSubmission, validTraveler } from '@bh/shared/testing';
import { describe, expect, it } from 'vitest';
import { freshDatabaseEachTest } from '../../test/test-database.ts';
import { emptyValues } from '../health-declaration/form-values.ts';
import { emptyTrip, validatePreArrival } from './pre-arrival-values.ts';
import { differences, findLocalDuplicate, reviewValues } from './review-values.ts';
import type { Draft } from './scan-reader.ts';

describe('pre-arrival form check', () => {
  it('names the form fields with the shared messages, passport on the passport box', () => {
    const result = validatePreArrival({ ...emptyValues(), passportNumber: 'x' }, emptyTrip());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      fullName: 'validation.required',
      passportNumber: 'traveler.errors.passportInvalid',
      nationality: 'validation.required',
      phone: 'declaration.errors.phoneRequired',
      commitment: 'declaration.errors.commitmentRequired',
    });
  });

  it('gives the submission the server accepts (codes upper case, empty answers left out)', () => {
    const answers = {
      ...emptyValues(),
      fullName: ' Trần Thị B ',
      passportNumber: 'c 7654321',
      phone: '0987654321',
      bodyTemperature: '36,8',
      vaccinationStatus: 'full',
      commitment: true,
    };
    const result = validatePreArrival(answers, { ...emptyTrip(), nationality: 'VN', flightNo: 'vn 123' });
    expect(result).toMatchObject({
      ok: true,
      value: {
        traveler: { fullName: 'Trần Thị B', passportNo: 'C7654321', nationality: 'VN', flightNo: 'VN123' },
        declaration: { phone: '0987654321', bodyTemperature: 36.8, commitment: true },
      },
    });
  });
});

describe('scan review', () => {
  const draft: Draft = {
    traveler: preArrivalTravelerSchema.parse({
      ...validPreArrivalSubmission.traveler,
      entryDate: null,
      gender: 'female',
    }),
    declaration: null,
    mrzFailed: [],
    unknownNationality: null,
    code: null,
    preArrival: true,
    consent: null,
    readAt: 0,
  };

  it('starts with the scanned fields, entry date today and status pending', () => {
    const values = reviewValues(draft);
    expect(values).toMatchObject({ passportNo: 'B1234567', gender: 'female', status: 'pending' });
    expect(values.entryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('lists the differences with a registered traveller field by field (never the status)', () => {
    const existing = localTravelerSchema.parse({ ...validTraveler, syncStatus: 'synced', lastModified: 0 });
    const values = { ...reviewValues(draft), entryDate: existing.entryDate, status: 'cleared' };
    expect(differences(existing, values)).toEqual([{ field: 'gender', existing: 'male', scanned: 'female' }]);
  });
});

describe('local duplicate lookup', () => {
  const t = freshDatabaseEachTest('intake-duplicate');
  const stored = (id: string, entryDate: string, deletedAt: string | null = null) =>
    localTravelerSchema.parse({
      ...validTraveler,
      id,
      entryDate,
      deletedAt,
      syncStatus: 'synced',
      lastModified: 1,
    });

  it('finds the live traveller with the same passport and nationality within the entry window', async () => {
    const { passportNo, nationality } = validTraveler;
    await t.database.travelers.bulkPut([
      stored('a0000000-0000-4000-8000-000000000001', '2026-01-01', '2026-01-02T00:00:00.000Z'),
      stored('a0000000-0000-4000-8000-000000000002', '2026-03-01'),
    ]);
    const find = (entryDate: string, other = nationality) =>
      findLocalDuplicate({ passportNo, nationality: other, entryDate }, t.database);
    expect((await find('2026-03-02'))?.id).toBe('a0000000-0000-4000-8000-000000000002');
    expect(await find('2026-03-02', nationality === 'JP' ? 'KR' : 'JP')).toBeNull();
    // Only the deleted one is near this date.
    expect(await find('2026-01-01')).toBeNull();
  });
});
