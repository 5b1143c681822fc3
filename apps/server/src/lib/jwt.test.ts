import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt.ts';

const SECRET = 'jwt-test-secret-jwt-test-secret-0123456789';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

async function token() {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub: 'user-1', role: 'officer', sid: 'session-1', iat: now, exp: now + 600 }, SECRET);
}

describe('access tokens', () => {
  it('verify as signed', async () => {
    expect(await verifyJwt(await token(), SECRET)).toMatchObject({ sub: 'user-1', role: 'officer' });
  });

  it('are refused when the last character of the signature is changed to any other', async () => {
    const t = await token();
    const accepted: string[] = [];
    for (const c of ALPHABET) {
      if (c !== t.at(-1) && (await verifyJwt(t.slice(0, -1) + c, SECRET))) accepted.push(c);
    }
    expect(accepted).toEqual([]);
  });

  it('are refused when the last character of the header or the claims is changed', async () => {
    const [header = '', claims = '', signature = ''] = (await token()).split('.');
    for (const c of ALPHABET) {
      if (c !== header.at(-1))
        expect(await verifyJwt(`${header.slice(0, -1)}${c}.${claims}.${signature}`, SECRET)).toBeNull();
      if (c !== claims.at(-1))
        expect(await verifyJwt(`${header}.${claims.slice(0, -1)}${c}.${signature}`, SECRET)).toBeNull();
    }
  });

  it('a token that verified once is still refused after its expiry, and under another secret', async () => {
    const t = await token();
    expect(await verifyJwt(t, SECRET)).not.toBeNull();
    expect(await verifyJwt(t, SECRET, new Date(Date.now() + 601_000))).toBeNull();
    expect(await verifyJwt(t, `${SECRET}-other`)).toBeNull();
    expect(await verifyJwt(t, SECRET)).not.toBeNull();
  });
});
