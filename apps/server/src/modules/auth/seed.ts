/**
 * The spec's three demo accounts, seeded on a first start (empty users table) unless
 * SEED_DEMO=false. The README lists them; the login page shows them only when this ran.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { findUserByEmail, insertUser, type Role } from '../users/store.ts';
import { hashPassword } from './passwords.ts';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  role: Role;
  title: string | null;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'inspector@demo.vn',
    password: 'Inspector@123',
    name: 'Nguyễn Văn Kiểm',
    role: 'officer',
    title: 'quarantine officer',
  },
  { email: 'admin@demo.vn', password: 'Admin@123', name: 'Quản trị viên', role: 'admin', title: null },
  { email: 'test@demo.vn', password: 'Test@1234', name: 'Người dùng thử', role: 'officer', title: null },
];

/** Seeds the demo accounts when no user exists yet; idempotent. */
export async function seedDemoUsers(database: Database) {
  const count = Number(
    ((await database.db.execute(sql`SELECT COUNT(*) AS n FROM users`)).rows[0] as { n: unknown }).n,
  );
  if (count > 0) return;
  for (const account of DEMO_ACCOUNTS) {
    await insertUser(database.db, { ...account, passwordHash: await hashPassword(account.password) });
  }
}

/** The demo accounts that exist and are enabled, for the login page's info box. */
export async function availableDemoAccounts(database: Database): Promise<DemoAccount[]> {
  const found: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await findUserByEmail(database.db, account.email);
    if (user && !user.disabled) found.push(account);
  }
  return found;
}
