/**
 * argon2id password hashes. Logins for unknown e-mails verify against a dummy hash so that
 * both failures take about the same time.
 */
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): about 30-60 ms per hash on the target machines.
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
