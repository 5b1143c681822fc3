/** /api/users and /api/account-requests (admins), and the own profile and password routes. */
import { z } from 'zod';
import { flag, isoDateTime, keyed, oneOf, plainShape, uuid, versionSchema } from '../schemas/common.ts';
import { ACCOUNT_REQUEST_STATUSES, accountRequestRecordSchema } from '../schemas/user.ts';
import { sessionUserSchema } from './auth.ts';

/** Path parameter of /api/users/:id and /api/account-requests/:id/decision. */
export const idParamsSchema = plainShape({ id: uuid() });

/** A user as admins see it (never the password hash). */
export const adminUserSchema = plainShape({
  ...sessionUserSchema.shape,
  title: z.string(keyed()).nullable(),
  disabled: flag(),
  version: versionSchema,
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userListSchema = plainShape({ users: z.array(adminUserSchema, keyed()) });
export type UserList = z.infer<typeof userListSchema>;

export const adminUserAnswerSchema = plainShape({ user: adminUserSchema });
export type AdminUserAnswer = z.infer<typeof adminUserAnswerSchema>;

/** Query of GET /api/account-requests. */
export const accountRequestsQuerySchema = plainShape({ status: oneOf(ACCOUNT_REQUEST_STATUSES).optional() });
export type AccountRequestsQuery = z.infer<typeof accountRequestsQuerySchema>;

export const accountRequestListSchema = plainShape({
  requests: z.array(accountRequestRecordSchema, keyed()),
});
export type AccountRequestList = z.infer<typeof accountRequestListSchema>;

/** Answer of a decision: the decided request and, when approved, the new user. */
export const accountRequestDecisionAnswerSchema = plainShape({
  request: accountRequestRecordSchema,
  user: adminUserSchema.nullable(),
});
export type AccountRequestDecisionAnswer = z.infer<typeof accountRequestDecisionAnswerSchema>;
