/**
 * argon2id password hashes, and the server's half of the new-password rules (the common-password
 * list). Logins for unknown e-mails verify against a dummy hash so that both failures take about
 * the same time.
 */
import { type FieldIssue, passwordContainsEmailName } from '@bh/shared';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): slow enough to hurt guessing, quick enough for a
// login (docs/decisions/013-measured-figures.md).
// argon2id is the package's default algorithm (its const enum cannot be named under
// verbatimModuleSyntax); the tests check every stored hash starts with $argon2id$.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash never matches.
    return false;
  }
}

let dummy: Promise<string> | null = null;

/** Spends the same work as a real check, for e-mails that have no account. */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword('dummy-password-never-matches-Aa1');
  await verifyPassword(await dummy, password);
  return false;
}

let commonPasswords: Promise<ReadonlySet<string>> | null = null;

/**
 * The common and breached passwords of @zxcvbn-ts/language-common (~49k, lower-case), loaded on
 * first use so that a server that never sets a password never pays their load time and memory
 * (docs/decisions/013-measured-figures.md).
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return commonPasswords;
}

/**
 * What the shared schemas cannot check of a new password (NIST SP 800-63B): that it is not a
 * common or breached password, and (for forms without the e-mail, such as a password change)
 * that it does not contain the account e-mail's name. Answers the field issues, none when fine.
 */
export async function newPasswordIssues(
  password: string,
  email: string,
  field = 'password',
): Promise<FieldIssue[]> {
  if ((await loadCommonPasswords()).has(password.toLowerCase())) {
    return [{ field, code: 'validation.password_common' }];
  }
  if (passwordContainsEmailName(password, email))
    return [{ field, code: 'validation.password_contains_email' }];
  return [];
}
