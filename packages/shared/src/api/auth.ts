/**
 * /api/auth: login, refresh, profile, registration and the demo-mode flag (the accounts
 * themselves are domain/demo-accounts.ts). Login is lenient on purpose: a wrong password of any length is a
 * 401, never a 400 that tells more.
 */
import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  OFFLINE_LOCK_DAYS_MAX,
  OFFLINE_LOCK_DAYS_MIN,
  PASSWORD_MAX_LENGTH,
} from '../domain/constants.ts';
import { flag, intBetween, keyed, oneOf, plainShape, strictShape, uuid } from '../schemas/common.ts';
import { roleSchema } from '../schemas/user.ts';
import { deviceSignInShape } from './devices.ts';
import { workScopeSchema } from './posts.ts';

/** Body of POST /api/auth/login. */
export const loginRequestSchema = plainShape({
  email: z.string(keyed()).max(EMAIL_MAX_LENGTH, 'validation.max_length'),
  password: z.string(keyed()).max(PASSWORD_MAX_LENGTH, 'validation.max_length'),
  rememberMe: flag().optional(),
  /** The post to work at, of the user's posts (the first one when left out or not theirs). */
  postId: uuid().optional(),
  /** The device signing in (api/devices.ts); a sign-in without it gets a device of its own. */
  ...deviceSignInShape,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * Query of POST /api/auth/logout: `keep=pending` when the device still holds unsent changes and
 * locks instead of wiping; without it the answer clears the site's storage (Clear-Site-Data).
 */
export const logoutQuerySchema = plainShape({ keep: oneOf(['pending'] as const).optional() });
export type LogoutQuery = z.infer<typeof logoutQuerySchema>;

/** The signed-in user as login, refresh and profile answer it (never a password or hash). */
export const sessionUserSchema = plainShape({
  id: uuid(),
  name: z.string(keyed()),
  email: z.string(keyed()),
  role: roleSchema,
  avatar: z.string(keyed()).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * Answer of POST /api/auth/login and /api/auth/refresh: the user, a short-lived access token,
 * the session's scope (its post, role there and the posts it may switch to; api/posts.ts) and
 * after how many days without reaching the server the device locks (api/devices.ts).
 */
export const authAnswerSchema = plainShape({
  user: sessionUserSchema,
  token: z.string(keyed()).min(1, 'validation.required'),
  scope: workScopeSchema,
  offlineLockDays: intBetween(OFFLINE_LOCK_DAYS_MIN, OFFLINE_LOCK_DAYS_MAX),
});
export type AuthAnswer = z.infer<typeof authAnswerSchema>;

/** Answer of GET /api/auth/profile (and PUT /api/users/profile): the user with their title. */
export const profileAnswerSchema = plainShape({
  user: plainShape({ ...sessionUserSchema.shape, title: z.string(keyed()).nullable() }),
});
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;

/**
 * Answer of POST /api/auth/register (202): the same whether or not the e-mail already has an
 * account or a pending request, so the answer does not tell who is registered. The page says
 * "check with your administrator"; an admin sees duplicate attempts in the audit trail.
 */
export const registerAnswerSchema = strictShape({ status: oneOf(['received'] as const) });
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** GET /api/auth/demo: whether this server runs in demo mode (its demo accounts exist). */
export const demoModeSchema = plainShape({ demo: flag() });
export type DemoMode = z.infer<typeof demoModeSchema>;
