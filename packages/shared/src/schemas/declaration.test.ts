import { describe, expect, it } from 'vitest';
import { DECLARATION_ID, validDeclaration, validDeclarationForm } from '../testing/fixtures.ts';
import {
  bodyTemperatureSchema,
  declarationCreateSchema,
  declarationFormSchema,
  declarationInputSchema,
  declarationSchema,
  normaliseDeclarationForm,
  validateDeclarationForm,
} from './declaration.ts';
import { validateWith } from './validate.ts';

describe('bodyTemperature', () => {
  it.each([34.9, 45.1, 0, 100])('refuses %s as out of range', (temperature) => {
    expect(bodyTemperatureSchema.safeParse(temperature).error?.issues[0]?.message).toBe(
      'declaration.errors.temperatureRange',
    );
  });

  it('accepts every 0.1 step from 35 to 45', () => {
    for (let tenths = 350; tenths <= 450; tenths++) {
      expect(bodyTemperatureSchema.safeParse(tenths / 10).success, String(tenths / 10)).toBe(true);
    }
    expect(bodyTemperatureSchema.safeParse(36.6).success).toBe(true);
    expect(bodyTemperatureSchema.safeParse(38.9).success).toBe(true);
  });

  it('refuses a second decimal', () => {
    expect(bodyTemperatureSchema.safeParse(37.55).error?.issues[0]?.message).toBe(
      'declaration.errors.temperatureStep',
    );
    expect(bodyTemperatureSchema.safeParse(36.61).success).toBe(false);
  });

  it('reports a missing temperature', () => {
    expect(bodyTemperatureSchema.safeParse(undefined).error?.issues[0]?.message).toBe(
      'declaration.errors.temperatureRequired',
    );
  });

  it('reports a temperature that is not a number as invalid, not as missing', () => {
    expect(bodyTemperatureSchema.safeParse(Number.NaN).error?.issues[0]?.message).toBe(
      'declaration.errors.temperatureInvalid',
    );
    expect(validateDeclarationForm({ ...validDeclarationForm, bodyTemperature: 'abc' })).toMatchObject({
      errors: { bodyTemperature: 'declaration.errors.temperatureInvalid' },
    });
    expect(validateDeclarationForm({ ...validDeclarationForm, bodyTemperature: '38.9' })).toMatchObject({
      value: { bodyTemperature: 38.9 },
    });
  });
});

describe('validateDeclarationForm', () => {
  it('accepts a valid form and fills optional fields with null', () => {
    const result = validateDeclarationForm({ ...validDeclarationForm, email: '', medications: undefined });
    expect(result).toMatchObject({
      ok: true,
      value: { email: null, medications: null, contactHistory: { notes: null } },
    });
  });

  it('gives the spec messages', () => {
    const result = validateDeclarationForm({
      travelerId: '',
      fullName: ' ',
      passportNumber: '',
      phone: '',
      email: 'not an email',
      bodyTemperature: 46,
      vaccinationStatus: '',
      commitment: false,
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        travelerId: 'declaration.errors.travelerRequired',
        fullName: 'declaration.errors.fullNameRequired',
        passportNumber: 'declaration.errors.passportNumberRequired',
        phone: 'declaration.errors.phoneRequired',
        email: 'declaration.errors.emailInvalid',
        bodyTemperature: 'declaration.errors.temperatureRange',
        vaccinationStatus: 'declaration.errors.vaccinationStatusRequired',
        commitment: 'declaration.errors.commitmentRequired',
      },
      params: {},
    });
  });

  it('checks the phone format', () => {
    expect(validateDeclarationForm({ ...validDeclarationForm, phone: '12345' })).toMatchObject({
      errors: { phone: 'declaration.errors.phoneInvalid' },
    });
    expect(validateDeclarationForm({ ...validDeclarationForm, phone: '+84 912 345 678' }).ok).toBe(true);
  });

  it('reads a temperature typed as text', () => {
    expect(validateDeclarationForm({ ...validDeclarationForm, bodyTemperature: '37,5' })).toMatchObject({
      ok: true,
      value: { bodyTemperature: 37.5 },
    });
    expect(validateDeclarationForm({ ...validDeclarationForm, bodyTemperature: '' })).toMatchObject({
      errors: { bodyTemperature: 'declaration.errors.temperatureRequired' },
    });
  });

  it('fills hidden symptom and contact flags with false', () => {
    const { symptoms: _s, contactHistory: _c, riskZones: _r, ...rest } = validDeclarationForm;
    const result = validateDeclarationForm({ ...rest, symptoms: { cough: true } });
    expect(result).toMatchObject({
      ok: true,
      value: {
        symptoms: { cough: true, fever: false },
        contactHistory: { covidContact: false },
        riskZones: [],
      },
    });
  });

  it('names nested fields with a dotted path', () => {
    const result = validateDeclarationForm({
      ...validDeclarationForm,
      contactHistory: { ...validDeclarationForm.contactHistory, notes: 'n'.repeat(501) },
    });
    expect(result).toMatchObject({
      errors: { 'contactHistory.notes': 'validation.max_length' },
      params: { 'contactHistory.notes': { max: 500 } },
    });
  });

  it('refuses unknown and duplicated risk zones', () => {
    expect(validateDeclarationForm({ ...validDeclarationForm, riskZones: ['paris'] })).toMatchObject({
      errors: { 'riskZones.0': 'validation.invalid_option' },
    });
    expect(validateDeclarationForm({ ...validDeclarationForm, riskZones: ['qom', 'qom'] })).toMatchObject({
      errors: { riskZones: 'validation.duplicate_items' },
    });
  });

  it('normalises the passport number', () => {
    expect(normaliseDeclarationForm({ passportNumber: ' b123 4567 ' }).passportNumber).toBe('B1234567');
  });
});

describe('declaration schemas', () => {
  it('form is strict and commitment must be true', () => {
    expect(declarationFormSchema.safeParse(validDeclarationForm).success).toBe(true);
    expect(declarationFormSchema.safeParse({ ...validDeclarationForm, extra: 1 }).success).toBe(false);
    expect(declarationFormSchema.safeParse({ ...validDeclarationForm, commitment: 'true' }).success).toBe(
      false,
    );
  });

  it('input adds the system mode, create adds the id', () => {
    expect(
      declarationInputSchema.safeParse({ ...validDeclarationForm, systemMode: 'emergency' }).success,
    ).toBe(true);
    expect(validateWith(declarationInputSchema, validDeclarationForm)).toMatchObject({
      errors: { systemMode: 'validation.required' },
    });
    expect(
      declarationCreateSchema.safeParse({ id: DECLARATION_ID, ...validDeclarationForm, systemMode: 'normal' })
        .success,
    ).toBe(true);
  });

  it('record carries the risk assessment and sync fields', () => {
    expect(declarationSchema.safeParse(validDeclaration).success).toBe(true);
    expect(
      validateWith(declarationSchema, { ...validDeclaration, riskLevel: 'severe', riskScore: 12 }),
    ).toMatchObject({
      errors: { riskLevel: 'validation.invalid_option', riskScore: 'validation.max_value' },
    });
  });
});
