/**
 * Creating an admin outside the API: the first admin of a production server, by the
 * `npm run create-admin` command (cli/create-admin.ts) or by ADMIN_EMAIL + ADMIN_PASSWORD at
 * start. The input follows the same rules as an admin-created user (shared userCreateSchema).
 */
import { formatMessage, issueToMessage, userCreateSchema } from '@bh/shared';
import { writeAudit } from '../audit/audit.ts';
import { adminExists, type Executor, emailTaken, insertUser, type UserRow } from '../users/store.ts';
import { hashPassword, newPasswordIssues } from './passwords.ts';

export const DEFAULT_ADMIN_NAME = 'Administrator';

export interface AdminInput {
  email: string;
  password: string;
  name?: string;
}

export type CreateAdminResult = { ok: true; user: UserRow } | { ok: false; error: string };

/** Checks the input with the shared user rules; the first problem as one English line. */
export function checkAdminInput(input: AdminInput): string | null {
  const parsed = userCreateSchema.safeParse({
    name: input.name ?? DEFAULT_ADMIN_NAME,
    email: input.email,
    password: input.password,
    role: 'admin',
  });
  const issue = parsed.error?.issues[0];
  if (!issue) return null;
  const { key, params } = issueToMessage(issue);
  return `${issue.path.join('.') || 'input'}: ${formatMessage(key, 'en', params)}`;
}

/** Creates an admin; refuses bad input and an e-mail that already has an account. */
export async function createAdmin(
  db: Executor,
  input: AdminInput,
  source: 'cli' | 'env',
): Promise<CreateAdminResult> {
  const problem = checkAdminInput(input);
  if (problem) return { ok: false, error: problem };
  const [weak] = await newPasswordIssues(input.password, input.email);
  if (weak) return { ok: false, error: `password: ${formatMessage(weak.code, 'en')}` };
  if (await emailTaken(db, input.email)) {
    return { ok: false, error: `email: an account with ${input.email.trim()} already exists` };
  }
  const user = await insertUser(db, {
    email: input.email,
    name: input.name ?? DEFAULT_ADMIN_NAME,
    role: 'admin',
    passwordHash: await hashPassword(input.password),
  });
  await writeAudit(db, {
    userId: null,
    ip: null,
    action: 'user.create',
    entity: 'user',
    entityId: user.id,
    newVersion: user.version,
    details: { role: 'admin', source },
  });
  return { ok: true, user };
}

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD (+ ADMIN_NAME) at start: creates that admin when no enabled admin
 * exists yet, and does nothing once one does (so the variables may stay set). Bad values stop
 * the start.
 */
export async function ensureAdminFromEnv(
  db: Executor,
  env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string; ADMIN_NAME?: string },
): Promise<UserRow | null> {
  if (env.ADMIN_EMAIL === undefined && env.ADMIN_PASSWORD === undefined) return null;
  if (env.ADMIN_EMAIL === undefined || env.ADMIN_PASSWORD === undefined) {
    throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (await adminExists(db)) return null;
  const result = await createAdmin(
    db,
    { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME },
    'env',
  );
  if (!result.ok) throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${result.error}`);
  return result.user;
}
