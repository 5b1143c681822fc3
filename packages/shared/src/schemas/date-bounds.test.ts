import { describe, expect, it } from 'vitest';
import { validationMessages } from '../i18n/validation-messages.ts';
import { latestDateAnywhere, MAX_ENTRY_DAYS_AHEAD } from './date-bounds.ts';
import { preArrivalTravelerSchema, travelerCreateSchema, travelerInputSchema } from './traveler.ts';
import { validateTravelerForm } from './traveler-form.ts';

const base = { fullName: 'Trần Thị Hoa', passportNo: 'C1234567', nationality: 'VN', entryDate: '2026-11-20' };
const codesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

describe('dates bounded to what can be true', () => {
  const ahead = (days: number) => latestDateAnywhere(days);

  it('refuses an entry date more than a week ahead (2711-02-06 was accepted), in every input schema', () => {
    for (const entryDate of ['2711-02-06', ahead(MAX_ENTRY_DAYS_AHEAD + 1)]) {
      expect(codesOf(travelerInputSchema.safeParse({ ...base, entryDate }))).toEqual([
        'entryDate:validation.entry_date_too_far',
      ]);
      expect(
        codesOf(
          travelerCreateSchema.safeParse({ ...base, id: '0190a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b', entryDate }),
        ),
      ).toEqual(['entryDate:validation.entry_date_too_far']);
      const { entryDate: _, ...selfDeclared } = base;
      expect(codesOf(preArrivalTravelerSchema.safeParse({ ...selfDeclared, entryDate }))).toEqual([
        'entryDate:validation.entry_date_too_far',
      ]);
    }
    expect(travelerInputSchema.safeParse({ ...base, entryDate: ahead(MAX_ENTRY_DAYS_AHEAD) }).success).toBe(
      true,
    );
    expect(travelerInputSchema.safeParse({ ...base, entryDate: '1999-01-01' }).success).toBe(true);
  });

  it('refuses a birth date in the future or before 1900', () => {
    for (const birthDate of [ahead(1), '2711-02-06', '1899-12-31']) {
      expect(codesOf(travelerInputSchema.safeParse({ ...base, birthDate }))).toEqual([
        'birthDate:validation.birth_date_invalid',
      ]);
    }
    expect(travelerInputSchema.safeParse({ ...base, birthDate: '1900-01-01' }).success).toBe(true);
  });

  it('refuses a passport that expires on or before its holder was born', () => {
    const result = travelerInputSchema.safeParse({
      ...base,
      birthDate: '1990-05-01',
      passportExpiry: '1990-05-01',
    });
    expect(codesOf(result)).toEqual(['passportExpiry:validation.expiry_before_birth']);
    const ok = { ...base, birthDate: '1990-05-01', passportExpiry: '2031-05-01' };
    expect(travelerInputSchema.safeParse(ok).success).toBe(true);
    // An expired passport is a fact to flag, not an input error.
    expect(travelerInputSchema.safeParse({ ...ok, passportExpiry: '2001-01-01' }).success).toBe(true);
  });

  it('the traveller form shows the same errors, translated', () => {
    const result = validateTravelerForm(
      { ...base, gender: 'female', entryDate: '2711-02-06', birthDate: '2711-01-01' },
      'normal',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      entryDate: 'validation.entry_date_too_far',
      birthDate: 'validation.birth_date_invalid',
    });
    for (const key of [
      'validation.entry_date_too_far',
      'validation.birth_date_invalid',
      'validation.expiry_before_birth',
    ] as const) {
      const texts = validationMessages[key];
      expect(Object.keys(texts ?? {}).sort()).toEqual(['en', 'ja', 'vi']);
    }
    expect(validationMessages['validation.entry_date_too_far']?.en).toContain(String(MAX_ENTRY_DAYS_AHEAD));
  });

  it('"today" is the latest calendar date anywhere (UTC+14)', () => {
    // 2026-11-27 10:30 UTC is already 2026-11-28 in Kiritimati (UTC+14).
    expect(latestDateAnywhere(0, Date.UTC(2026, 10, 27, 10, 30))).toBe('2026-11-28');
    expect(latestDateAnywhere(7, Date.UTC(2026, 10, 27, 9, 59))).toBe('2026-12-04');
  });
});
