/**
 * Account requests: filed by POST /api/auth/register, decided by an admin (users module).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTaken, normalizeEmail } from '../users/store.ts';

type Executor = Pick<Db, 'execute'>;

export interface AccountRequestRow {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  age: number;
  gender: 'male' | 'female' | 'other';
  status: 'pending' | 'approved' | 'rejected';
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

const iso = (v: unknown) =>
  v === null || v === undefined ? null : new Date(v as string | Date).toISOString();

function fromDb(r: Record<string, unknown>): AccountRequestRow {
  return {
    id: String(r.id),
    name: String(r.name),
    email: String(r.email),
    passwordHash: String(r.password_hash),
    age: Number(r.age),
    gender: r.gender as AccountRequestRow['gender'],
    status: r.status as AccountRequestRow['status'],
    createdAt: iso(r.created_at) ?? '',
    decidedAt: iso(r.decided_at),
    decidedBy: (r.decided_by as string | null) ?? null,
  };
}

/** What admins see (never the password hash). */
export const accountRequestView = ({ passwordHash: _hash, ...rest }: AccountRequestRow) => rest;

/** Files a request; null when the e-mail already has an account or a pending request. */
export async function fileAccountRequest(
  db: Executor,
  r: { name: string; email: string; age: number; gender: string; passwordHash: string },
): Promise<AccountRequestRow | null> {
  const email = normalizeEmail(r.email);
  if (await emailTaken(db, email)) return null;
  const id = randomUUID();
  const row = (
    await db.execute(sql`INSERT INTO account_requests (id, name, email, password_hash, age, gender)
      SELECT ${id}, ${r.name.trim()}, ${email}, ${r.passwordHash}, ${r.age}, ${r.gender}
      WHERE NOT EXISTS (SELECT 1 FROM account_requests WHERE email = ${email} AND status = 'pending')
      RETURNING *`)
  ).rows[0];
  return row ? fromDb(row as Record<string, unknown>) : null;
}

export async function listAccountRequests(db: Executor, status?: string): Promise<AccountRequestRow[]> {
  const rows = (
    await db.execute(sql`SELECT * FROM account_requests
      WHERE ${status ?? null}::text IS NULL OR status = ${status ?? null}
      ORDER BY created_at DESC`)
  ).rows;
  return rows.map((r) => fromDb(r as Record<string, unknown>));
}

/** Marks a pending request decided; null when it does not exist or was already decided. */
export async function decideAccountRequest(
  db: Executor,
  id: string,
  status: 'approved' | 'rejected',
  adminId: string,
): Promise<AccountRequestRow | null> {
  const row = (
    await db.execute(sql`UPDATE account_requests SET status = ${status}, decided_at = now(), decided_by = ${adminId}
      WHERE id = ${id} AND status = 'pending' RETURNING *`)
  ).rows[0];
  return row ? fromDb(row as Record<string, unknown>) : null;
}

export async function findAccountRequest(db: Executor, id: string): Promise<AccountRequestRow | null> {
  const row = (await db.execute(sql`SELECT * FROM account_requests WHERE id = ${id}`)).rows[0];
  return row ? fromDb(row as Record<string, unknown>) : null;
}
