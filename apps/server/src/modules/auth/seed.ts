/**
 * The demo accounts (packages/shared DEMO_ACCOUNTS), seeded in demo mode on a first start (empty
 * users table). Their passwords live only in that shared list and as hashes here: no route
 * ever answers one. Outside demo mode they must not work: a server that was a demo before
 * (or ran an older version that seeded them everywhere) disables them at start.
 */
import { DEMO_ACCOUNTS } from '@bh/shared';
import { writeAudit } from '../audit/audit.ts';
import { type Executor, findUserByEmail, insertUser, noUsers, updateUser } from '../users/store.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';

/** Seeds the demo accounts when no user exists yet; idempotent. */
export async function seedDemoUsers(db: Executor) {
  if (!(await noUsers(db))) return;
  for (const account of DEMO_ACCOUNTS) {
    await insertUser(db, { ...account, passwordHash: await hashPassword(account.password) });
  }
}

/**
 * Disables every enabled demo account that still has its public password (one whose password
 * was changed is a real account now and stays). Returns the e-mails disabled.
 */
export async function retireDemoAccounts(db: Executor): Promise<string[]> {
  const retired: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await findUserByEmail(db, account.email);
    if (!user || user.disabled || !(await verifyPassword(user.passwordHash, account.password))) continue;
    const updated = await updateUser(db, user.id, { disabled: true });
    await revokeUserSessions(db, user.id);
    await writeAudit(db, {
      userId: null,
      ip: null,
      action: 'user.disable',
      entity: 'user',
      entityId: user.id,
      oldVersion: user.version,
      newVersion: updated?.version,
      details: { reason: 'demo_account_outside_demo_mode' },
    });
    retired.push(user.email);
  }
  return retired;
}
