/**
 * The validation messages with a limit in them ({{min}}, {{max}}): part of `validationMessages`
 * (validation-messages.ts), kept in a module of their own because `issueToMessage`
 * (schemas/validate.ts) reads them to know which keys take the limit as a parameter, and the
 * app's first screens should not load every message in three languages for that (the app shows
 * one language, loaded with its other texts).
 */
import type { LocalizedText } from '../domain/constants.ts';

export const limitMessages = {
  'validation.min_length': {
    vi: 'Phải có ít nhất {{min}} ký tự',
    en: 'Must be at least {{min}} characters',
    ja: '{{min}}文字以上で入力してください',
  },
  'validation.max_length': {
    vi: 'Không được vượt quá {{max}} ký tự',
    en: 'Must be at most {{max}} characters',
    ja: '{{max}}文字以内で入力してください',
  },
  'validation.min_value': {
    vi: 'Giá trị phải lớn hơn hoặc bằng {{min}}',
    en: 'Must be at least {{min}}',
    ja: '{{min}}以上の値を入力してください',
  },
  'validation.max_value': {
    vi: 'Giá trị phải nhỏ hơn hoặc bằng {{max}}',
    en: 'Must be at most {{max}}',
    ja: '{{max}}以下の値を入力してください',
  },
  'validation.too_many_items': {
    vi: 'Không được quá {{max}} mục',
    en: 'At most {{max}} items are allowed',
    ja: '項目は{{max}}件までです',
  },
} as const satisfies Record<string, LocalizedText>;
