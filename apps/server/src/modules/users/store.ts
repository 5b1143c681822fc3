/**
 * Reading and writing user rows. E-mails are stored trimmed and lower-cased so that lookups and
 * the unique index agree. Password hashes never leave this file's callers in a response.
 */
import { randomUUID } from 'node:crypto';
import type { AdminUser, Role, SessionUser } from '@bh/shared';
import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** The database or an open transaction: what every store function runs its queries on. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

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

/** The role column holds only roles the API wrote; anything else counts as the least privilege. */
const roleOf = (role: string): Role => (role === 'admin' ? 'admin' : 'officer');

function fromDb(r: typeof users.$inferSelect): UserRow {
  return {
    ...r,
    role: roleOf(r.role),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** What login, refresh and profile answer. */
export const publicUser = (u: UserRow): SessionUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  avatar: u.avatar,
});

/** What admins see in the user list. */
export const adminUser = (u: UserRow): AdminUser => ({
  ...publicUser(u),
  title: u.title,
  disabled: u.disabled,
  version: u.version,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

async function findOne(db: Executor, where: SQL): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(where).limit(1);
  return row ? fromDb(row) : null;
}

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  return findOne(db, eq(users.email, normalizeEmail(email)));
}

export function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  return findOne(db, eq(users.id, id));
}

export async function listUsers(db: Executor): Promise<UserRow[]> {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.email));
  return rows.map(fromDb);
}

export async function emailTaken(db: Executor, email: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.email, normalizeEmail(email)),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** True when at least one enabled admin account exists. */
export async function adminExists(db: Executor): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false)))
    .limit(1);
  return rows.length > 0;
}

/** True when the users table is empty (a first start). */
export async function noUsers(db: Executor): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).limit(1)).length === 0;
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
  const [row] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      email: normalizeEmail(u.email),
      name: u.name.trim(),
      role: u.role,
      title: u.title ?? null,
      avatar: u.avatar ?? null,
      passwordHash: u.passwordHash,
    })
    .returning();
  if (!row) throw new Error('insert into users returned no row');
  return fromDb(row);
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
  const [row] = await db
    .update(users)
    .set({
      name: c.name?.trim(),
      email: c.email === undefined ? undefined : normalizeEmail(c.email),
      role: c.role,
      disabled: c.disabled,
      avatar: c.avatar,
      passwordHash: c.passwordHash,
      version: sql`${users.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning();
  return row ? fromDb(row) : null;
}
