import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkPassport } from '../domain/passport.ts';
import * as shared from '../index.ts';
import { validateDeclarationForm } from '../schemas/declaration.ts';
import { checkUploadFile } from '../schemas/file.ts';
import { validateTravelerForm } from '../schemas/traveler-form.ts';
import { issueToMessage } from '../schemas/validate.ts';
import { validateMutationData } from '../sync/mutation-data.ts';
import { SYNC_OPS, SYNC_TABLES } from '../sync/protocol.ts';
import { badInputs, collectSchemaMessages } from '../testing/collect-messages.ts';
import { expectCatalogued } from '../testing/expect-catalogued.ts';
import * as f from '../testing/fixtures.ts';
import { SCHEMA_SAMPLES } from '../testing/schema-samples.ts';
import { errorCatalogue } from './error-catalogue.ts';
import { infoMessages } from './info-messages.ts';
import { validationMessages } from './validation-messages.ts';

describe('validationMessages covers every key', () => {
  it.each(SCHEMA_SAMPLES.map(([name, schema, valid, extra]) => ({ name, schema, valid, extra })))(
    '$name: valid sample parses and every message of bad input is a catalogued key',
    ({ schema, valid, extra }) => {
      expect(schema.safeParse(valid).error?.issues).toBeUndefined();
      const messages = collectSchemaMessages(schema, valid, extra);
      expect(messages.size).toBeGreaterThan(0);
      expectCatalogued(messages, validationMessages);
    },
  );

  it('samples every schema the package exports', () => {
    const sampled = new Set(SCHEMA_SAMPLES.map(([, schema]) => schema));
    const missing = Object.entries(shared)
      .filter(([, value]) => value instanceof z.ZodType && !sampled.has(value))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('the form validators and rules produce catalogued keys only', () => {
    const keys = new Set<string>();
    for (const input of badInputs(f.validTravelerInput)) {
      for (const mode of ['normal', 'pandemic', 'emergency'] as const) {
        const result = validateTravelerForm(input, mode);
        if (!result.ok) for (const key of Object.values(result.errors)) keys.add(key);
      }
    }
    for (const input of badInputs(f.validDeclarationForm)) {
      const result = validateDeclarationForm(input);
      if (!result.ok) for (const key of Object.values(result.errors)) keys.add(key);
    }
    for (const table of SYNC_TABLES) {
      for (const op of SYNC_OPS) {
        for (const data of [null, {}, { fullName: '' }, { mode: 'x' }, 'junk']) {
          const result = validateMutationData(table, op, data);
          if (!result.ok) for (const issue of result.errors) keys.add(issue.code);
        }
      }
    }
    for (const raw of [undefined, 5, '', 'abc', 'A1234567890123', '12345678']) {
      const key = checkPassport(raw, 'VN');
      if (key) keys.add(key);
    }
    for (const file of [
      { name: 'a.exe', type: 'application/x-msdownload', size: 10 },
      { name: 'a.png', type: 'image/png', size: 0 },
      { name: 'a.png', type: 'image/png', size: 6 * 1024 * 1024 },
    ]) {
      const result = checkUploadFile(file);
      if (!result.ok) keys.add(result.error);
    }
    expect(keys.size).toBeGreaterThan(10);
    expectCatalogued(keys, validationMessages);
  });

  it('fallback keys of issueToMessage are catalogued', () => {
    const fallbacks = [
      issueToMessage({ code: 'invalid_type', expected: 'string', path: [], message: 'prose', input: 1 }),
      issueToMessage({
        code: 'too_small',
        origin: 'string',
        minimum: 2,
        path: [],
        message: 'prose',
        input: '',
      }),
      issueToMessage({ code: 'too_big', origin: 'array', maximum: 2, path: [], message: 'prose', input: [] }),
      issueToMessage({ code: 'custom', path: [], message: 'prose', input: 1 }),
    ];
    expectCatalogued(
      fallbacks.map((m) => m.key),
      validationMessages,
    );
  });

  it('placeholders are the same in every language', () => {
    for (const catalogue of [validationMessages, errorCatalogue, infoMessages]) {
      for (const [key, text] of Object.entries(catalogue)) {
        const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(placeholders(text.vi), key).toEqual(placeholders(text.en));
        expect(placeholders(text.ja), key).toEqual(placeholders(text.en));
      }
    }
  });

  it('uses the spec texts verbatim', () => {
    const specTexts: [key: string, locale: 'vi' | 'en', text: string][] = [
      ['declaration.errors.fullNameRequired', 'vi', 'Họ và tên là bắt buộc'],
      ['declaration.errors.passportNumberRequired', 'vi', 'Số hộ chiếu là bắt buộc'],
      ['declaration.errors.phoneRequired', 'vi', 'Số điện thoại là bắt buộc'],
      ['declaration.errors.phoneInvalid', 'vi', 'Số điện thoại không hợp lệ'],
      ['declaration.errors.emailInvalid', 'vi', 'Email không hợp lệ'],
      ['declaration.errors.temperatureRange', 'vi', 'Nhiệt độ cơ thể phải từ 35°C đến 45°C'],
      ['declaration.errors.vaccinationStatusRequired', 'vi', 'Vui lòng chọn mức độ tiêm chủng'],
      ['declaration.errors.commitmentRequired', 'vi', 'Bạn cần cam kết về tính chính xác của thông tin'],
      ['files.errors.tooLarge', 'vi', 'File không được vượt quá 5MB'],
      ['files.errors.tooLargeGeneric', 'en', 'File(s) too large. Maximum size: 5MB'],
      ['traveler.errors.passportInvalid', 'en', 'Invalid passport number (6-12 alphanumeric characters)'],
      ['traveler.errors.incompleteInfo', 'en', 'Please provide complete information'],
    ];
    for (const [key, locale, text] of specTexts) expect(validationMessages[key]?.[locale], key).toBe(text);
    expect(validationMessages['validation.min_length']?.en).toContain('{{min}}');
  });
});
