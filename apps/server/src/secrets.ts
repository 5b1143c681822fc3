import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
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
  const made = await metaValue(database, 'epoch', () => randomUUID());
  const line = await timeline(database);
  // Timeline 1 (every database until a failover) keeps the epoch devices already know.
  const epoch = line > 1 ? `${made}.t${line}` : made;
  const escrowSecret = await metaValue(database, 'key_escrow_secret', () =>
    randomBytes(32).toString('base64url'),
  );
  return { jwtSecret, epoch, escrowSecret };
}

/**
 * PostgreSQL's timeline: 1 from initdb, one more each time a replica is promoted or a
 * point-in-time recovery opens. A promoted replica is a copy of the old primary (same meta
 * epoch) that may lack its last commits, so the epoch the devices see changes with the timeline:
 * those that pushed the commits it lacks send them again (docs/decisions/003-epoch-detection.md).
 * The instances read it at start: after a failover they are restarted on the new primary
 * (docs/deployment.md, "Failover"). The embedded database has one timeline.
 */
async function timeline(database: Database): Promise<number> {
  if (database.kind !== 'postgres') return 1;
  const [row] = await database.rows(
    z.object({ line: z.coerce.number() }),
    sql`SELECT ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int AS line`,
  );
  return row?.line ?? 1;
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
