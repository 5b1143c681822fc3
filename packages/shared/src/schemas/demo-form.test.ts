import { describe, expect, it } from 'vitest';
import { demoFormSchema } from './demo-form.ts';
import { validateWith } from './validate.ts';

const form = {
  fullName: 'Nguyen Van An',
  phone: '0912345678',
  nationality: 'VN',
  birthDate: '1990-01-01',
  gender: 'male',
  agreement: true,
};

describe('demoFormSchema', () => {
  it('accepts the required fields alone', () => {
    expect(demoFormSchema.safeParse(form).success).toBe(true);
  });

  it('requires fullName, phone, nationality, birthDate, gender and agreement', () => {
    expect(validateWith(demoFormSchema, { agreement: false })).toEqual({
      ok: false,
      errors: {
        fullName: 'validation.required',
        phone: 'validation.required',
        nationality: 'validation.required',
        birthDate: 'validation.required',
        gender: 'validation.required',
        agreement: 'validation.terms_required',
      },
      params: {},
    });
  });

  it('checks the email only when given', () => {
    expect(demoFormSchema.safeParse({ ...form, email: '' }).success).toBe(true);
    expect(demoFormSchema.safeParse({ ...form, email: null }).success).toBe(true);
    expect(validateWith(demoFormSchema, { ...form, email: 'a@' })).toMatchObject({
      errors: { email: 'validation.email' },
    });
  });

  it('limits notes to 500 characters', () => {
    expect(demoFormSchema.safeParse({ ...form, notes: 'n'.repeat(500) }).success).toBe(true);
    expect(validateWith(demoFormSchema, { ...form, notes: 'n'.repeat(501) })).toMatchObject({
      errors: { notes: 'validation.max_length' },
      params: { notes: { max: 500 } },
    });
  });

  it('checks the phone format', () => {
    expect(validateWith(demoFormSchema, { ...form, phone: '123' })).toMatchObject({
      errors: { phone: 'validation.phone' },
    });
  });
});
