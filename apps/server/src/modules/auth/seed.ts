/**
 * The demo accounts (packages/shared DEMO_ACCOUNTS), seeded in demo mode on a first start (empty
 * users table). Their passwords live only in that shared list and as hashes here: no route
 * ever answers one.
 */
import { DEMO_ACCOUNTS } from '@bh/shared';
import { type Executor, insertUser, noUsers } from '../users/store.ts';
import { hashPassword } from './passwords.ts';

/** Seeds the demo accounts when no user exists yet; idempotent. */
export async function seedDemoUsers(db: Executor) {
  if (!(await noUsers(db))) return;
  for (const account of DEMO_ACCOUNTS) {
    await insertUser(db, { ...account, passwordHash: await hashPassword(account.password) });
  }
}
