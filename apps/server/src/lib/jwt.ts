import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Minimal HS256 JWT. The algorithm is fixed: a token whose header names any other
 * algorithm (including "none") is refused, whatever its signature.
 */
const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export interface AccessClaims {
  sub: string;
  role: 'admin' | 'officer';
  sid: string;
  iat: number;
  exp: number;
}

export function signJwt(claims: AccessClaims, secret: string): string {
  const body = `${HEADER}.${b64url(JSON.stringify(claims))}`;
  const sig = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${sig}`;
}

export function verifyJwt(token: string, secret: string, nowSec = Math.floor(Date.now() / 1000)) {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  let header: unknown;
  let claims: Partial<AccessClaims>;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof header !== 'object' || header === null || (header as { alg?: unknown }).alg !== 'HS256') {
    return null;
  }
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest();
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSec) return null;
  if (typeof claims.sub !== 'string' || (claims.role !== 'admin' && claims.role !== 'officer')) return null;
  if (typeof claims.sid !== 'string') return null;
  return claims as AccessClaims;
}
