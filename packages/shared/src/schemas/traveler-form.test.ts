import { describe, expect, it } from 'vitest';
import { flightInfoRequired, normaliseTravelerForm, validateTravelerForm } from './traveler-form.ts';

const form = {
  fullName: '  Nguyen Van An ',
  passportNo: 'b123 4567',
  nationality: 'vn',
  entryDate: '2025-01-15',
  gender: 'male',
  flightNo: 'vn 123',
  origin: 'nrt',
  destination: 'sgn',
  birthDate: '',
  note: '',
};

describe('validateTravelerForm', () => {
  it('normalises and returns every writable field', () => {
    const result = validateTravelerForm(form, 'pandemic');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      fullName: 'Nguyen Van An',
      passportNo: 'B1234567',
      nationality: 'VN',
      flightNo: 'VN123',
      origin: 'NRT',
      destination: 'SGN',
      status: 'pending',
      birthDate: null,
      note: null,
      address: null,
      durationOfStay: null,
    });
  });

  it('requires fullName, nationality, entryDate, gender and passport', () => {
    const result = validateTravelerForm({}, 'normal');
    expect(result).toEqual({
      ok: false,
      errors: {
        fullName: 'validation.required',
        nationality: 'validation.required',
        entryDate: 'validation.required',
        gender: 'validation.required',
        passportNo: 'validation.required',
      },
      params: {},
    });
  });

  it.each(['pandemic', 'emergency'] as const)('requires the flight fields in %s mode', (mode) => {
    const result = validateTravelerForm({ ...form, flightNo: '', origin: ' ', destination: undefined }, mode);
    expect(result).toMatchObject({
      ok: false,
      errors: {
        flightNo: 'traveler.errors.incompleteInfo',
        origin: 'traveler.errors.incompleteInfo',
        destination: 'traveler.errors.incompleteInfo',
      },
    });
  });

  it('does not require the flight fields in normal mode', () => {
    const result = validateTravelerForm({ ...form, flightNo: '', origin: '', destination: '' }, 'normal');
    expect(result).toMatchObject({ ok: true, value: { flightNo: null, origin: null, destination: null } });
    expect(flightInfoRequired('normal')).toBe(false);
    expect(flightInfoRequired('emergency')).toBe(true);
  });

  it('applies the passport rules', () => {
    expect(validateTravelerForm({ ...form, passportNo: '12345678' }, 'normal')).toMatchObject({
      errors: { passportNo: 'traveler.errors.passportVnFormat' },
    });
    expect(validateTravelerForm({ ...form, passportNo: '12345678', nationality: 'us' }, 'normal').ok).toBe(
      true,
    );
    expect(validateTravelerForm({ ...form, passportNo: 'ab12', nationality: 'US' }, 'normal')).toMatchObject({
      errors: { passportNo: 'traveler.errors.passportInvalid' },
    });
    expect(
      validateTravelerForm({ ...form, passportNo: 'ab12345678901', nationality: 'US' }, 'normal'),
    ).toMatchObject({
      errors: { passportNo: 'traveler.errors.passportInvalid' },
    });
  });

  it('reports schema errors of the other fields with their params', () => {
    const result = validateTravelerForm(
      { ...form, fullName: 'x'.repeat(101), entryDate: '2025-13-01' },
      'normal',
    );
    expect(result).toMatchObject({
      ok: false,
      errors: { fullName: 'validation.max_length', entryDate: 'validation.invalid_date' },
      params: { fullName: { max: 100 } },
    });
  });

  it('drops unknown keys and keeps an existing status', () => {
    const draft = normaliseTravelerForm({
      ...form,
      id: 'x',
      version: 3,
      status: 'tested',
      durationOfStay: '7',
    });
    expect(draft).not.toHaveProperty('id');
    expect(draft).not.toHaveProperty('version');
    expect(draft.status).toBe('tested');
    expect(draft.durationOfStay).toBe(7);
    expect(normaliseTravelerForm('junk')).toEqual({ status: 'pending' });
  });
});
