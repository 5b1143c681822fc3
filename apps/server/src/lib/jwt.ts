/**
 * Access tokens: HS256 JWTs signed and verified with jose. The algorithm is pinned (a token that
 * names any other, "none" included, is refused) and the claims are checked against their schema.
 */
import { ROLES } from '@bh/shared';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

const ALGORITHM = 'HS256';

const accessClaimsSchema = z.object({
  sub: z.string().min(1),
  role: z.enum(ROLES),
  sid: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/**
 * Each part is the one base64url spelling of its bytes. The last character of a part carries
 * unused padding bits, so several spellings decode to the same signature; a token whose last
 * character was changed would otherwise still verify.
 */
function isCanonical(token: string): boolean {
  const parts = token.split('.');
  return (
    parts.length === 3 && parts.every((part) => Buffer.from(part, 'base64url').toString('base64url') === part)
  );
}

export function signJwt(claims: AccessClaims, secret: string): Promise<string> {
  return new SignJWT({ role: claims.role, sid: claims.sid })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(claims.iat)
    .setExpirationTime(claims.exp)
    .sign(keyOf(secret));
}

/**
 * Tokens that verified, per secret, until they expire: a device sends the same token with every
 * request for its 15 minutes, and checking the HMAC again each time cost more than a cached read
 * of the traveller list. Only successes are kept (a forged token is checked every time); bounded.
 */
const verified = new Map<string, Map<string, AccessClaims>>();
const VERIFIED_MAX = 5_000;

/** The token's claims, or null when it is malformed, forged, expired or of another shape. */
export async function verifyJwt(
  token: string,
  secret: string,
  now: Date = new Date(),
): Promise<AccessClaims | null> {
  const known = verified.get(secret)?.get(token);
  if (known) return known.exp > now.getTime() / 1000 ? known : null;
  const claims = await verifySignature(token, secret, now);
  if (claims) {
    const bySecret = verified.get(secret) ?? new Map<string, AccessClaims>();
    if (bySecret.size >= VERIFIED_MAX) bySecret.clear();
    verified.set(secret, bySecret.set(token, claims));
  }
  return claims;
}

async function verifySignature(token: string, secret: string, now: Date): Promise<AccessClaims | null> {
  if (!isCanonical(token)) return null;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 0,
    });
    const claims = accessClaimsSchema.safeParse(payload);
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}
