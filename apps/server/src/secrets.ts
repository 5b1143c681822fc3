import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { meta } from './db/schema.ts';

export interface Secrets {
  jwtSecret: string;
  /** Random id made with the database: devices that see it change know the server lost data. */
  epoch: string;
  /**
   * Seals the devices' escrowed data keys (auth/key-escrow.ts): random, kept in the database
   * (meta 'key_escrow_secret') so that every instance opens what another sealed.
   */
  escrowSecret: string;
}

const secretsFileSchema = z.object({ jwtSecret: z.string().min(1) });

/**
 * JWT key from env, else the one kept in the database (meta 'jwt_secret'), so that every server
 * instance on one database signs and checks tokens with the same key. The first start makes it:
 * from DATA_DIR/secrets.json when an older version left one there (sessions stay valid), else at
 * random.
 */
export async function loadSecrets(config: Config, database: Database): Promise<Secrets> {
  const jwtSecret =
    config.JWT_SECRET ??
    (await metaValue(
      database,
      'jwt_secret',
      () => legacySecret(config) ?? randomBytes(48).toString('base64url'),
    ));
  const epoch = await metaValue(database, 'epoch', () => randomUUID());
  const escrowSecret = await metaValue(database, 'key_escrow_secret', () =>
    randomBytes(32).toString('base64url'),
  );
  return { jwtSecret, epoch, escrowSecret };
}

/** The key an older version kept in DATA_DIR/secrets.json, if any. */
function legacySecret(config: Config): string | undefined {
  const file = path.join(config.dataDir, 'secrets.json');
  if (!existsSync(file)) return undefined;
  return secretsFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).jwtSecret;
}

/** Reads a value from the meta table, creating it with `make()` the first time. */
async function metaValue(database: Database, key: string, make: () => string): Promise<string> {
  const { db } = database;
  await db.insert(meta).values({ key, value: make() }).onConflictDoNothing({ target: meta.key });
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, key));
  if (!row) throw new Error(`meta value ${key} is missing`);
  return row.value;
}
