import { describe, expect, it } from 'vitest';
import { TRAVELER_ID, validTraveler, validTravelerInput } from '../testing/fixtures.ts';
import { travelerCreateSchema, travelerInputSchema, travelerSchema } from './traveler.ts';
import { validateWith } from './validate.ts';

describe('travelerInputSchema', () => {
  it('accepts the full writable fields and the minimal ones', () => {
    expect(travelerInputSchema.safeParse(validTravelerInput).success).toBe(true);
    const minimal = {
      fullName: 'A',
      passportNo: 'X123456',
      nationality: 'US',
      entryDate: '2025-01-01',
      status: 'pending',
    };
    expect(travelerInputSchema.safeParse(minimal).success).toBe(true);
    expect(travelerInputSchema.safeParse({ ...minimal, flightNo: null, birthDate: null }).success).toBe(true);
  });

  it('refuses unknown fields, including record fields', () => {
    expect(validateWith(travelerInputSchema, { ...validTravelerInput, version: 2 })).toMatchObject({
      ok: false,
      errors: { version: 'validation.unknown_field' },
    });
  });

  it('expects normalised passports and applies the VN rule', () => {
    expect(
      validateWith(travelerInputSchema, { ...validTravelerInput, passportNo: 'b1234567' }),
    ).toMatchObject({
      errors: { passportNo: 'traveler.errors.passportInvalid' },
    });
    expect(
      validateWith(travelerInputSchema, { ...validTravelerInput, passportNo: '12345678' }),
    ).toMatchObject({
      errors: { passportNo: 'traveler.errors.passportVnFormat' },
    });
    expect(
      travelerInputSchema.safeParse({ ...validTravelerInput, passportNo: '12345678', nationality: 'US' })
        .success,
    ).toBe(true);
  });

  it('checks dates, codes, enums and numbers', () => {
    const bad = {
      ...validTravelerInput,
      entryDate: '2025-02-30',
      nationality: 'VNM',
      origin: 'nrt',
      flightNo: 'V',
      status: 'arrived',
      durationOfStay: 1.5,
    };
    expect(validateWith(travelerInputSchema, bad)).toMatchObject({
      errors: {
        entryDate: 'validation.invalid_date',
        nationality: 'traveler.errors.nationalityInvalid',
        origin: 'traveler.errors.airportInvalid',
        flightNo: 'traveler.errors.flightNoInvalid',
        status: 'validation.invalid_option',
        durationOfStay: 'validation.integer',
      },
    });
  });

  it('limits notes to 500 characters', () => {
    expect(travelerInputSchema.safeParse({ ...validTravelerInput, note: 'n'.repeat(500) }).success).toBe(
      true,
    );
    const result = validateWith(travelerInputSchema, { ...validTravelerInput, note: 'n'.repeat(501) });
    expect(result).toMatchObject({
      errors: { note: 'validation.max_length' },
      params: { note: { max: 500 } },
    });
  });
});

describe('travelerCreateSchema and travelerSchema', () => {
  it('create needs a UUID id', () => {
    expect(travelerCreateSchema.safeParse({ id: TRAVELER_ID, ...validTravelerInput }).success).toBe(true);
    expect(validateWith(travelerCreateSchema, { id: 'abc', ...validTravelerInput })).toMatchObject({
      errors: { id: 'validation.invalid_id' },
    });
  });

  it('a record has version, timestamps and a nullable tombstone', () => {
    expect(travelerSchema.safeParse(validTraveler).success).toBe(true);
    expect(
      travelerSchema.safeParse({ ...validTraveler, deletedAt: '2025-01-16T00:00:00+07:00' }).success,
    ).toBe(true);
    expect(
      validateWith(travelerSchema, { ...validTraveler, version: 0, updatedAt: 'yesterday' }),
    ).toMatchObject({
      errors: { version: 'validation.min_value', updatedAt: 'validation.invalid_datetime' },
    });
  });

  it('a record has every optional field, null when empty', () => {
    const { note: _note, ...withoutNote } = validTraveler;
    expect(validateWith(travelerSchema, withoutNote)).toMatchObject({
      errors: { note: 'validation.required' },
    });
    expect(travelerSchema.safeParse({ ...validTraveler, note: null }).success).toBe(true);
  });
});
