/**
 * VAPID keys (the application server's identity towards the push services): from
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated once into DATA_DIR/vapid.json (mode 0600)
 * and reused, so subscriptions stay valid across restarts.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import type { Config } from '../../config.ts';

export interface VapidKeys {
  /** base64url of the 65-byte uncompressed P-256 point (what PushManager.subscribe takes). */
  publicKey: string;
  /** base64url of the 32-byte private scalar. */
  privateKey: string;
  subject: string;
}

const keyOfLength = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, `must be ${bytes} bytes of base64url`);

const keyPairSchema = z.object({
  publicKey: keyOfLength(65).refine(
    (v) => Buffer.from(v, 'base64url')[0] === 4,
    'must be an uncompressed point',
  ),
  privateKey: keyOfLength(32),
});

export function loadVapidKeys(config: Config): VapidKeys {
  const subject = config.VAPID_SUBJECT;
  const fromEnv = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  if (fromEnv.publicKey !== undefined || fromEnv.privateKey !== undefined) {
    const parsed = keyPairSchema.safeParse(fromEnv);
    if (!parsed.success) {
      throw new Error(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must both be set to a P-256 key pair (base64url)',
      );
    }
    return { ...parsed.data, subject };
  }
  const file = path.join(config.dataDir, 'vapid.json');
  if (existsSync(file)) return { ...keyPairSchema.parse(JSON.parse(readFileSync(file, 'utf8'))), subject };
  mkdirSync(config.dataDir, { recursive: true });
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  // 'wx': when two instances start at once on one DATA_DIR, the second reads the first one's pair.
  try {
    writeFileSync(file, JSON.stringify({ publicKey, privateKey }), { mode: 0o600, flag: 'wx' });
  } catch {
    return { ...keyPairSchema.parse(JSON.parse(readFileSync(file, 'utf8'))), subject };
  }
  return { publicKey, privateKey, subject };
}
