import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
}

const secretsFileSchema = z.object({ jwtSecret: z.string().min(1) });

/** JWT key from env, else generated once into DATA_DIR/secrets.json (mode 600). */
export async function loadSecrets(config: Config, database: Database): Promise<Secrets> {
  let jwtSecret = config.JWT_SECRET;
  if (!jwtSecret) {
    const file = path.join(config.dataDir, 'secrets.json');
    if (existsSync(file)) {
      jwtSecret = secretsFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).jwtSecret;
    } else {
      mkdirSync(config.dataDir, { recursive: true });
      jwtSecret = randomBytes(48).toString('base64url');
      writeFileSync(file, JSON.stringify({ jwtSecret }), { mode: 0o600 });
    }
  }
  const epoch = await metaValue(database, 'epoch', () => randomUUID());
  return { jwtSecret, epoch };
}

/** Reads a value from the meta table, creating it with `make()` the first time. */
async function metaValue(database: Database, key: string, make: () => string): Promise<string> {
  const { db } = database;
  await db.insert(meta).values({ key, value: make() }).onConflictDoNothing({ target: meta.key });
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, key));
  if (!row) throw new Error(`meta value ${key} is missing`);
  return row.value;
}
