/**
 * Form demo page (docs/spec.md §5): fullName, phone, nationality, birthDate, gender and agreement
 * required; email checked only when given; notes at most 500 characters.
 */
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NOTES_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  TRAVELER_NAME_MAX_LENGTH,
} from '../domain/constants.ts';
import { isValidEmail } from '../domain/email.ts';
import { isValidPhone } from '../domain/phone.ts';
import { GENDERS } from '../domain/reference.ts';
import { boundedText, countryCode, isoDate, keyed, oneOf, requiredText, strictShape } from './common.ts';

export const demoFormSchema = strictShape({
  fullName: requiredText(TRAVELER_NAME_MAX_LENGTH),
  phone: z
    .string(keyed('validation.required', 'validation.phone'))
    .min(1, { error: 'validation.required', abort: true })
    .max(PHONE_MAX_LENGTH, 'validation.phone')
    .refine(isValidPhone, 'validation.phone'),
  email: z
    .string(keyed('validation.required', 'validation.email'))
    .max(EMAIL_MAX_LENGTH, 'validation.email')
    .refine((value) => value === '' || isValidEmail(value), 'validation.email')
    .nullable()
    .optional(),
  nationality: countryCode(),
  birthDate: isoDate(),
  gender: oneOf(GENDERS),
  notes: boundedText(NOTES_MAX_LENGTH).nullable().optional(),
  agreement: z.literal(true, keyed('validation.terms_required', 'validation.terms_required')),
});
export type DemoForm = z.infer<typeof demoFormSchema>;
