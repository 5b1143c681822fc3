/**
 * Account requests: filed by POST /api/auth/register, decided by an admin (users module).
 */
import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_REQUEST_STATUSES,
  type AccountRequestRecord,
  type AccountRequestStatus,
  GENDERS,
  type Gender,
} from '@bh/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { accountRequests } from '../../db/schema.ts';
import { type Executor, emailTaken, normalizeEmail } from '../users/store.ts';

export interface AccountRequestRow extends AccountRequestRecord {
  passwordHash: string;
}

const isStatus = (v: string): v is AccountRequestStatus => ACCOUNT_REQUEST_STATUSES.some((s) => s === v);
const isGender = (v: string): v is Gender => GENDERS.some((g) => g === v);

function fromDb(r: typeof accountRequests.$inferSelect): AccountRequestRow {
  return {
    ...r,
    // The columns hold only values the registration schema accepted.
    gender: isGender(r.gender) ? r.gender : 'other',
    status: isStatus(r.status) ? r.status : 'pending',
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

/** What admins see (never the password hash). */
export const accountRequestView = ({
  passwordHash: _hash,
  ...rest
}: AccountRequestRow): AccountRequestRecord => rest;

/** Files a request; null when the e-mail already has an account or a pending request. */
export async function fileAccountRequest(
  db: Executor,
  r: {
    name: string;
    email: string;
    age: number;
    gender: Gender;
    passwordHash: string;
    postId: string | null;
  },
): Promise<AccountRequestRow | null> {
  const email = normalizeEmail(r.email);
  if (await emailTaken(db, email)) return null;
  const pending = await db
    .select({ id: accountRequests.id })
    .from(accountRequests)
    .where(and(eq(accountRequests.email, email), eq(accountRequests.status, 'pending')))
    .limit(1);
  if (pending.length > 0) return null;
  const [row] = await db
    .insert(accountRequests)
    .values({
      id: randomUUID(),
      name: r.name.trim(),
      email,
      passwordHash: r.passwordHash,
      age: r.age,
      gender: r.gender,
      postId: r.postId,
    })
    .returning();
  return row ? fromDb(row) : null;
}

export async function listAccountRequests(
  db: Executor,
  status: AccountRequestStatus | undefined,
  /** A supervisor's post: only the requests naming it (undefined: every request, for admins). */
  postId?: string,
): Promise<AccountRequestRow[]> {
  const rows = await db
    .select()
    .from(accountRequests)
    .where(
      and(
        status === undefined ? undefined : eq(accountRequests.status, status),
        postId === undefined ? undefined : eq(accountRequests.postId, postId),
      ),
    )
    .orderBy(desc(accountRequests.createdAt));
  return rows.map(fromDb);
}

/** Marks a pending request decided; null when it does not exist or was already decided. */
export async function decideAccountRequest(
  db: Executor,
  id: string,
  status: 'approved' | 'rejected',
  adminId: string,
): Promise<AccountRequestRow | null> {
  const [row] = await db
    .update(accountRequests)
    .set({ status, decidedAt: sql`now()`, decidedBy: adminId })
    .where(and(eq(accountRequests.id, id), eq(accountRequests.status, 'pending')))
    .returning();
  return row ? fromDb(row) : null;
}

export async function findAccountRequest(db: Executor, id: string): Promise<AccountRequestRow | null> {
  const [row] = await db.select().from(accountRequests).where(eq(accountRequests.id, id)).limit(1);
  return row ? fromDb(row) : null;
}
