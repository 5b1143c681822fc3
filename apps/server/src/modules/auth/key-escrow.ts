/**
 * The devices' data keys held in escrow (issue 33 point 2, docs/decisions/016-encryption-at-rest.md).
 * A device encrypts what it stores with one random data key per account and device; the server
 * makes that key at the device's first online sign-in and keeps a copy sealed with its escrow
 * secret (AES-256-GCM, the device id as associated data), so a password change or reset never
 * strands the device's data: the next online sign-in releases the key again. A revoked device
 * gets nothing (device_revoked).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { devices } from '../../db/schema.ts';
import type { Executor } from '../users/store.ts';

const VERSION = 'k1';

/** The 32-byte key that seals escrowed keys, from the server's escrow secret. */
const sealingKey = (secret: string) => createHash('sha256').update(`bh-key-escrow|${secret}`).digest();

/** Seals a device's data key: `k1.<iv>.<ciphertext+tag>`, base64url parts. */
export function sealDeviceKey(secret: string, deviceId: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  cipher.setAAD(Buffer.from(deviceId));
  const body = Buffer.concat([cipher.update(key), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, iv.toString('base64url'), body.toString('base64url')].join('.');
}

/** Opens a sealed key; null when it was sealed for another device or with another secret. */
export function openDeviceKey(secret: string, deviceId: string, sealed: string): Buffer | null {
  const [version, iv, body] = sealed.split('.');
  if (version !== VERSION || !iv || !body) return null;
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length < 17) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(deviceId));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]);
  } catch {
    return null;
  }
}

export type DeviceKeyAnswer =
  | { kind: 'key'; key: Buffer }
  | { kind: 'revoked' }
  | { kind: 'unknown' }
  | { kind: 'unreadable' };

/**
 * The data key of one device of this account: made and sealed the first time (one statement, so
 * two sign-ins at once keep the same key), opened after. Unknown devices and other accounts'
 * answer `unknown`, revoked ones `revoked`; a key sealed with another secret `unreadable` (it is
 * never replaced: the device may hold data under it).
 */
export async function releaseDeviceKey(
  db: Executor,
  secret: string,
  userId: string,
  deviceId: string,
): Promise<DeviceKeyAnswer> {
  const [row] = await db
    .select({ revokedAt: devices.revokedAt, keyEscrow: devices.keyEscrow })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.userId, userId)))
    .limit(1);
  if (!row) return { kind: 'unknown' };
  if (row.revokedAt) return { kind: 'revoked' };
  if (row.keyEscrow === null) {
    await db
      .update(devices)
      .set({ keyEscrow: sealDeviceKey(secret, deviceId, randomBytes(32)) })
      .where(and(eq(devices.id, deviceId), isNull(devices.keyEscrow), isNull(devices.revokedAt)));
    return releaseDeviceKey(db, secret, userId, deviceId);
  }
  const key = openDeviceKey(secret, deviceId, row.keyEscrow);
  return key ? { kind: 'key', key } : { kind: 'unreadable' };
}
