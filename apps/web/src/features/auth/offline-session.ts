/**
 * A session opened offline (offline-verifier.ts): its marker token, and the credentials held in
 * memory only until the network returns and auth-client.ts renews the real session. A reload
 * forgets them; the officer then signs in again online. Kept apart from the verifier so the
 * login route carries only this.
 */

/** The access token of a session opened offline: never accepted by the server, so renewed. */
export const OFFLINE_TOKEN = 'offline-session';

let pending: { email: string; password: string } | null = null;

export function holdForRenewal(email: string, password: string) {
  pending = { email, password };
}

export function takeHeldCredentials(): { email: string; password: string } | null {
  const held = pending;
  pending = null;
  return held;
}
