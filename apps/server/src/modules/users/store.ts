/**
 * Reading and writing user rows. E-mails are stored trimmed and lower-cased so that lookups and
 * the unique index agree. Password hashes never leave this file's callers in a response.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Executor = Pick<Db, 'execute'>;
export type Role = 'admin' | 'officer';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  title: string | null;
  avatar: string | null;
  passwordHash: string;
  disabled: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

function fromDb(r: Record<string, unknown>): UserRow {
  return {
    id: String(r.id),
    email: String(r.email),
    name: String(r.name),
    role: r.role === 'admin' ? 'admin' : 'officer',
    title: (r.title as string | null) ?? null,
    avatar: (r.avatar as string | null) ?? null,
    passwordHash: String(r.password_hash),
    disabled: Boolean(r.disabled),
    version: Number(r.version),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** What login, refresh and profile answer. */
export const publicUser = (u: UserRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  avatar: u.avatar,
});

/** What admins see in the user list. */
export const adminUser = (u: UserRow) => ({
  ...publicUser(u),
  title: u.title,
  disabled: u.disabled,
  version: u.version,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const row = (await db.execute(sql`SELECT * FROM users WHERE email = ${normalizeEmail(email)}`)).rows[0];
  return row ? fromDb(row as Record<string, unknown>) : null;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const row = (await db.execute(sql`SELECT * FROM users WHERE id = ${id}`)).rows[0];
  return row ? fromDb(row as Record<string, unknown>) : null;
}

export async function listUsers(db: Executor): Promise<UserRow[]> {
  const rows = (await db.execute(sql`SELECT * FROM users ORDER BY created_at, email`)).rows;
  return rows.map((r) => fromDb(r as Record<string, unknown>));
}

export async function emailTaken(db: Executor, email: string, exceptUserId?: string): Promise<boolean> {
  const rows = (
    await db.execute(sql`SELECT 1 FROM users WHERE email = ${normalizeEmail(email)}
      AND (${exceptUserId ?? null}::uuid IS NULL OR id <> ${exceptUserId ?? null}::uuid)`)
  ).rows;
  return rows.length > 0;
}

export async function insertUser(
  db: Executor,
  u: {
    name: string;
    email: string;
    role: Role;
    passwordHash: string;
    title?: string | null;
    avatar?: string | null;
  },
): Promise<UserRow> {
  const id = randomUUID();
  const row = (
    await db.execute(sql`INSERT INTO users (id, email, name, role, title, avatar, password_hash)
      VALUES (${id}, ${normalizeEmail(u.email)}, ${u.name.trim()}, ${u.role}, ${u.title ?? null},
        ${u.avatar ?? null}, ${u.passwordHash})
      RETURNING *`)
  ).rows[0];
  return fromDb(row as Record<string, unknown>);
}

export interface UserChanges {
  name?: string;
  email?: string;
  role?: Role;
  disabled?: boolean;
  avatar?: string | null;
  passwordHash?: string;
}

/** Applies the given fields, bumps the version; null when the user does not exist. */
export async function updateUser(db: Executor, id: string, c: UserChanges): Promise<UserRow | null> {
  const row = (
    await db.execute(sql`UPDATE users SET
        name = COALESCE(${c.name?.trim() ?? null}, name),
        email = COALESCE(${c.email === undefined ? null : normalizeEmail(c.email)}, email),
        role = COALESCE(${c.role ?? null}, role),
        disabled = COALESCE(${c.disabled ?? null}::boolean, disabled),
        avatar = CASE WHEN ${c.avatar !== undefined} THEN ${c.avatar ?? null} ELSE avatar END,
        password_hash = COALESCE(${c.passwordHash ?? null}, password_hash),
        version = version + 1, updated_at = now()
      WHERE id = ${id} RETURNING *`)
  ).rows[0];
  return row ? fromDb(row as Record<string, unknown>) : null;
}
