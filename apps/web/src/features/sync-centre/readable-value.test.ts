import { beforeAll, describe, expect, it } from 'vitest';
import '../../test/frame-resources.ts';
import { initI18n } from '../../i18n/index.ts';
import { codeText } from './labels.ts';
import { readableValue } from './readable-value.ts';

const i18n = initI18n();

describe('readableValue (vi)', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('vi');
  });
  const show = (field: string, value: unknown) => readableValue(i18n.t, field, value, 'vi');

  it('translates enums, countries, airports, dates and flags', () => {
    expect(show('nationality', 'KR')).toBe('Hàn Quốc');
    expect(show('nationality', 'ES')).toBe('Tây Ban Nha');
    expect(show('status', 'pending')).toBe('Chờ khai báo');
    expect(show('gender', 'male')).toBe('Nam');
    expect(show('purposeOfVisit', 'tourism')).not.toBe('tourism');
    expect(show('entryDate', '2026-03-05')).toBe('05/03/2026');
    expect(show('updatedAt', '2026-03-05T09:07:00')).toMatch(/05\/03\/2026/);
    expect(show('origin', 'NRT')).toMatch(/^NRT – /);
    expect(show('commitment', true)).toBe('Có');
    expect(show('symptoms', { fever: true, cough: false })).toBe('Sốt');
    expect(show('note', null)).toBe('—');
  });

  it('turns an HTTP error code into a sentence', () => {
    expect(codeText(i18n.t, 'http_422')).toBe('Máy chủ từ chối (mã 422)');
  });
});
