/**
 * /api/posts: the country's points of entry (docs/decisions/014-points-of-entry.md), and the
 * scope a session works in: its post, its role there and the posts it may switch to.
 */
import { z } from 'zod';
import {
  boundedText,
  flag,
  isoDateTime,
  keyed,
  oneOf,
  plainShape,
  requiredText,
  uuid,
  versionSchema,
} from '../schemas/common.ts';

export const POST_KINDS = ['airport', 'land', 'seaport'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** A role at a post (officer, supervisor) or over a province or the nation (analyst). */
export const POST_ROLES = ['officer', 'supervisor', 'analyst'] as const;
export type PostRole = (typeof POST_ROLES)[number];

/** The role a session works in: an admin (national) or its role at its post. */
export const WORK_ROLES = ['admin', ...POST_ROLES] as const;
export type WorkRole = (typeof WORK_ROLES)[number];

const POST_NAME_MAX = 120;
const PROVINCE_MAX = 80;

/** True for an IANA time zone name this runtime knows (Asia/Ho_Chi_Minh, UTC, ...). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The post's name in each language of the app. */
const postNameSchema = plainShape({
  vi: requiredText(POST_NAME_MAX),
  en: requiredText(POST_NAME_MAX),
  ja: requiredText(POST_NAME_MAX),
});
export type PostName = z.infer<typeof postNameSchema>;

/** A post code: 2 to 8 capital letters or digits (HAN, SGN, HUN, LS01). */
const postCodeSchema = z
  .string(keyed())
  .regex(/^[A-Z0-9]{2,8}$/, 'validation.invalid_format')
  .meta({ description: '2 to 8 capital letters or digits' });

const timeZoneSchema = z
  .string(keyed())
  .max(64, 'validation.max_length')
  .refine(isTimeZone, 'post.errors.timeZone')
  .meta({ description: 'An IANA time zone the server knows, e.g. Asia/Ho_Chi_Minh' });

export const postSchema = plainShape({
  id: uuid(),
  code: postCodeSchema,
  name: postNameSchema,
  kind: oneOf(POST_KINDS),
  province: z.string(keyed()),
  timeZone: z.string(keyed()),
  closedAt: isoDateTime().nullable(),
  version: versionSchema,
});
export type Post = z.infer<typeof postSchema>;

/** GET /api/posts. */
export const postListSchema = plainShape({ items: z.array(postSchema, keyed()) });
export type PostList = z.infer<typeof postListSchema>;

/** Body of POST /api/posts (admins). */
export const postCreateSchema = plainShape({
  code: postCodeSchema,
  name: postNameSchema,
  kind: oneOf(POST_KINDS),
  province: requiredText(PROVINCE_MAX),
  timeZone: timeZoneSchema,
});
export type PostCreate = z.infer<typeof postCreateSchema>;

/** Body of PATCH /api/posts/:id (admins): rename, move, close (closed: true) or reopen. */
export const postUpdateSchema = plainShape({
  version: versionSchema,
  name: postNameSchema.optional(),
  kind: oneOf(POST_KINDS).optional(),
  province: requiredText(PROVINCE_MAX).optional(),
  timeZone: timeZoneSchema.optional(),
  closed: flag().optional(),
});
export type PostUpdate = z.infer<typeof postUpdateSchema>;

export const postAnswerSchema = plainShape({ post: postSchema });

/** GET /api/posts/public (no login): the open posts by code and name, for the account request form. */
export const publicPostListSchema = plainShape({
  items: z.array(plainShape({ id: uuid(), code: z.string(keyed()), name: postNameSchema }), keyed()),
});
export type PublicPostList = z.infer<typeof publicPostListSchema>;

/** One assignment of a user: a role at a post, or an analyst's province (null: the nation). */
export const postAssignmentSchema = plainShape({
  role: oneOf(POST_ROLES),
  postId: uuid().nullable(),
  province: boundedText(PROVINCE_MAX).nullable(),
});
export type PostAssignment = z.infer<typeof postAssignmentSchema>;

/** Body of PUT /api/users/:id/assignments (admins): the user's assignments, all of them. */
export const assignmentsBodySchema = plainShape({
  assignments: z.array(postAssignmentSchema, keyed()).max(50, 'validation.too_many_items'),
});
export type AssignmentsBody = z.infer<typeof assignmentsBodySchema>;

/**
 * The scope of a session: the post it works at (null for an analyst or an admin without one),
 * its role there, and the posts it may switch to. Answered by login, refresh and the switch.
 */
export const workScopeSchema = plainShape({
  role: oneOf(WORK_ROLES),
  postId: uuid().nullable(),
  /** Posts the session may work at (switch to); empty for analysts. */
  posts: z.array(uuid(), keyed()),
  /** The posts whose records it reads: null for every post. */
  readPosts: z.array(uuid(), keyed()).nullable(),
  /** What a device of this session holds: 'post:<id>', 'province:<name>', 'all' or 'none'. */
  key: z.string(keyed()),
});
export type WorkScope = z.infer<typeof workScopeSchema>;

/** Body of POST /api/auth/post: switch the session to another of its posts. */
export const switchPostSchema = plainShape({ postId: uuid() });

/** A post's name in a language, falling back to Vietnamese. */
export function postName(post: Pick<Post, 'name'>, lang: string): string {
  return lang === 'en' ? post.name.en : lang === 'ja' ? post.name.ja : post.name.vi;
}

/** Body of POST /api/travelers/:id/transfer: the post the traveller moves to, and why. */
export const transferBodySchema = plainShape({
  postId: uuid(),
  reason: requiredText(500),
});
export type TransferBody = z.infer<typeof transferBodySchema>;
