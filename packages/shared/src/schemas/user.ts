/**
 * Users, roles and every account form: login, registration (account request), admin create and
 * update, change password, profile update.
 */
import { z } from 'zod';
import {
  AGE_MAX,
  AGE_MIN,
  EMAIL_MAX_LENGTH,
  LOGIN_PASSWORD_MIN_LENGTH,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_CONSENTED_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  URL_MAX_LENGTH,
} from '../domain/constants.ts';
import { EMAIL_PATTERN, isValidEmail } from '../domain/email.ts';
import { passwordContainsEmailName } from '../domain/password.ts';
import { GENDERS, ROLES, type Role } from '../domain/reference.ts';
import { stripNameControls } from '../domain/text.ts';
import {
  flag,
  isoDateTime,
  keyed,
  oneOf,
  plainShape,
  strictShape,
  syncedRecord,
  uuid,
  whenValid,
} from './common.ts';

const REQUIRED = 'validation.required';

/** E-mail: required ('validation.required') and valid ('validation.email'). */
export const emailSchema = z
  .string(keyed(REQUIRED, 'validation.email'))
  .min(1, { error: REQUIRED, abort: true })
  .max(EMAIL_MAX_LENGTH, 'validation.email')
  .refine(isValidEmail, 'validation.email')
  .meta({ format: 'email', pattern: EMAIL_PATTERN.source });

/** Person name: control and bidi-override characters stripped (domain/text.ts), 2-50 characters, not blank. */
export const personNameSchema = z
  .string(keyed())
  .overwrite(stripNameControls)
  .min(1, { error: REQUIRED, abort: true })
  .refine((value) => value.trim().length > 0, { error: REQUIRED, abort: true })
  .min(NAME_MIN_LENGTH, 'validation.min_length')
  .max(NAME_MAX_LENGTH, 'validation.max_length');

const passwordOfAtLeast = (min: number) =>
  z
    .string(keyed())
    .min(1, { error: REQUIRED, abort: true })
    .min(min, 'validation.min_length')
    .max(PASSWORD_MAX_LENGTH, 'validation.max_length');

/**
 * New password (NIST SP 800-63B, domain/password.ts): 12-128 characters of any kind, no
 * composition rules. Forms that know the e-mail also refuse a password containing its name;
 * the server also refuses common and breached passwords.
 */
export const newPasswordSchema = passwordOfAtLeast(PASSWORD_MIN_LENGTH);

/** Object-level rule: the password must not contain the e-mail's name (refused on `password`). */
const notEmailName = (form: { email: string; password: string }) =>
  !passwordContainsEmailName(form.password, form.email);
const notEmailNameIssue = () => ({
  error: 'validation.password_contains_email',
  path: ['password'],
  ...whenValid('email', 'password'),
});

/** Avatar as stored and shown: an http(s) URL or a path on this site. */
export const avatarSchema = z
  .string(keyed(REQUIRED, 'validation.invalid_url'))
  .max(URL_MAX_LENGTH, 'validation.invalid_url')
  .regex(/^(?:https?:\/\/[^\s/]+|\/)\S*$/, 'validation.invalid_url');

/**
 * Avatar as a user may set it: an https URL or a path on this site. Not http, and not a path
 * that browsers read as another host: '//evil.example/a.png', or with a backslash ('/\\evil').
 */
const AVATAR_INPUT_PATTERN = /^(?:https:\/\/[^\s/\\]+(?:\/[^\s\\]*)?|\/(?![/\\])[^\s\\]*)$/;
export const avatarInputSchema = avatarSchema
  .regex(AVATAR_INPUT_PATTERN, 'validation.invalid_url')
  // The document states the stricter of the two patterns (it implies the other).
  .meta({ pattern: AVATAR_INPUT_PATTERN.source });

export const roleSchema = oneOf(ROLES);

/** A user as shown to the apps (never with a password). */
export const userSchema = plainShape({
  id: uuid(),
  name: z.string(keyed()),
  email: z.string(keyed()),
  role: roleSchema,
  avatar: avatarSchema.nullable(),
  disabled: flag(),
});
export type User = z.infer<typeof userSchema>;

/** A user as a synced record. */
export const userRecordSchema = syncedRecord(userSchema.shape);
export type UserRecord = z.infer<typeof userRecordSchema>;

/** True when the user has the role. */
export function hasRole(user: { role: string } | null | undefined, role: Role): boolean {
  return user?.role === role;
}
/** @internal Exported for its tests only (knip --production). */
export function isAdmin(user: { role: string } | null | undefined): boolean {
  return hasRole(user, 'admin');
}
/** @internal Exported for its tests only (knip --production). */
export function isOfficer(user: { role: string } | null | undefined): boolean {
  return hasRole(user, 'officer');
}

/** Login form: email required and valid; password required, 6+ characters; rememberMe optional. */
export const loginFormSchema = strictShape({
  email: emailSchema,
  password: z
    .string(keyed())
    .min(1, { error: REQUIRED, abort: true })
    .min(LOGIN_PASSWORD_MIN_LENGTH, 'validation.min_length')
    .max(PASSWORD_MAX_LENGTH, 'validation.max_length'),
  rememberMe: flag().optional(),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

const ageSchema = z
  .number(keyed())
  .int('validation.integer')
  .min(AGE_MIN, 'registration.errors.ageRange')
  .max(AGE_MAX, 'registration.errors.ageRange');

const accountRequestShape = {
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  age: ageSchema,
  gender: oneOf(GENDERS),
  /** The post the account is asked for (api/posts.ts); its supervisors may decide it. */
  postId: uuid().nullish(),
};

/** Body of POST /auth/register: files an account request that an admin approves. */
export const accountRequestSchema = strictShape(accountRequestShape);
export type AccountRequest = z.infer<typeof accountRequestSchema>;

/** Registration form: the account request plus password confirmation and accepted terms. */
export const registrationFormSchema = strictShape({
  ...accountRequestShape,
  confirmPassword: z.string(keyed()).min(1, REQUIRED),
  terms: z.literal(true, keyed('validation.terms_required', 'validation.terms_required')),
})
  .refine((form) => form.password === form.confirmPassword, {
    error: 'validation.password_mismatch',
    path: ['confirmPassword'],
    ...whenValid('password', 'confirmPassword'),
  })
  .refine(notEmailName, notEmailNameIssue());
export type RegistrationForm = z.infer<typeof registrationFormSchema>;

export const ACCOUNT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AccountRequestStatus = (typeof ACCOUNT_REQUEST_STATUSES)[number];

/** An account request as listed to admins (never with the password). */
export const accountRequestRecordSchema = plainShape({
  id: uuid(),
  name: z.string(keyed()),
  email: z.string(keyed()),
  age: z.number(keyed()),
  gender: oneOf(GENDERS),
  status: oneOf(ACCOUNT_REQUEST_STATUSES),
  createdAt: isoDateTime(),
  decidedAt: isoDateTime().nullable(),
  decidedBy: uuid().nullable(),
  postId: uuid().nullable(),
});
export type AccountRequestRecord = z.infer<typeof accountRequestRecordSchema>;

/** Admin decision on an account request; an approved request becomes a user with `role` (default officer). */
export const accountRequestDecisionSchema = strictShape({
  decision: oneOf(['approve', 'reject'] as const),
  role: roleSchema.optional(),
});
export type AccountRequestDecision = z.infer<typeof accountRequestDecisionSchema>;

/**
 * Admin: create a user. The password needs 12+ characters, or 8+ when the admin records that the
 * user agreed to a shorter one (shortPasswordConsent).
 */
export const userCreateSchema = strictShape({
  name: personNameSchema,
  email: emailSchema,
  role: roleSchema,
  password: passwordOfAtLeast(PASSWORD_CONSENTED_MIN_LENGTH),
  shortPasswordConsent: flag().optional(),
  avatar: avatarInputSchema.nullable().optional(),
})
  .refine((form) => form.shortPasswordConsent === true || form.password.length >= PASSWORD_MIN_LENGTH, {
    error: 'validation.password_short_without_consent',
    path: ['password'],
    ...whenValid('password', 'shortPasswordConsent'),
  })
  .refine(notEmailName, notEmailNameIssue());
export type UserCreate = z.infer<typeof userCreateSchema>;

const hasAnyField = (value: object) => Object.values(value).some((field) => field !== undefined);

/** Admin: change some fields of a user (at least one). Also the data of a users sync update. */
export const userUpdateSchema = strictShape({
  name: personNameSchema.optional(),
  email: emailSchema.optional(),
  role: roleSchema.optional(),
  disabled: flag().optional(),
  avatar: avatarInputSchema.nullable().optional(),
})
  .refine(hasAnyField, { error: 'validation.no_changes', ...whenValid() })
  .meta({ minProperties: 1 });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** Signed-in user: change own password. */
export const changePasswordSchema = strictShape({
  currentPassword: z.string(keyed()).min(1, REQUIRED).max(PASSWORD_MAX_LENGTH, 'validation.max_length'),
  newPassword: newPasswordSchema,
  confirmPassword: z
    .string(keyed())
    .min(1, REQUIRED)
    .meta({ description: 'The same as newPassword; newPassword differs from currentPassword' }),
})
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: 'validation.password_mismatch',
    path: ['confirmPassword'],
    ...whenValid('newPassword', 'confirmPassword'),
  })
  .refine((form) => form.newPassword !== form.currentPassword, {
    error: 'validation.password_same',
    path: ['newPassword'],
    ...whenValid('currentPassword', 'newPassword'),
  });
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** Signed-in user: change own name or avatar (at least one). */
export const profileUpdateSchema = strictShape({
  name: personNameSchema.optional(),
  avatar: avatarInputSchema.nullable().optional(),
})
  .refine(hasAnyField, { error: 'validation.no_changes', ...whenValid() })
  .meta({ minProperties: 1 });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
