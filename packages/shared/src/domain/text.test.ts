import { describe, expect, it } from 'vitest';
import { travelerInputSchema } from '../schemas/traveler.ts';
import { profileUpdateSchema } from '../schemas/user.ts';
import { validTravelerInput } from '../testing/fixtures.ts';
import { stripNameControls, stripTextControls } from './text.ts';

// Issue 13 item 10: control and bidi-override characters never reach the database.
describe('stored text', () => {
  const RLO = '\u202e';
  const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', RLO, '\u2066', '\u2067', '\u2068', '\u2069'];

  it('strips bidi overrides and C0/C1 controls from names, tab and newline included', () => {
    expect(stripNameControls(`Nguyễn${RLO}gnp.exe`)).toBe('Nguyễngnp.exe');
    expect(stripNameControls(`A${bidi.join('')}\t\n\r\u0007\u001b\u007f\u0085\u009fB`)).toBe('AB');
    expect(stripNameControls('Đặng Thị Ánh 山田 ZWJ:\u200d')).toBe('Đặng Thị Ánh 山田 ZWJ:\u200d');
  });

  it('keeps tab and newline in notes, strips the rest', () => {
    expect(stripTextControls(`line 1\n\tline 2\r\n${RLO}\u0008x\u0085`)).toBe('line 1\n\tline 2\nx');
  });

  it('the schemas store the stripped text (REST, sync and import all parse with them)', () => {
    const parsed = travelerInputSchema.parse({
      ...validTravelerInput,
      fullName: `Trần${RLO} Văn\u0007`,
      note: `ghi chú\n${bidi.join('')}dòng 2`,
    });
    expect(parsed.fullName).toBe('Trần Văn');
    expect(parsed.note).toBe('ghi chú\ndòng 2');
    expect(profileUpdateSchema.parse({ name: `\u2066Lan\u2069` })).toEqual({ name: 'Lan' });
    // Only invisible characters is no name at all; NUL stays refused (PostgreSQL cannot store it).
    expect(travelerInputSchema.safeParse({ ...validTravelerInput, fullName: `${RLO}\u0007` }).success).toBe(
      false,
    );
    expect(travelerInputSchema.safeParse({ ...validTravelerInput, fullName: 'A\u0000B' }).success).toBe(
      false,
    );
  });
});
