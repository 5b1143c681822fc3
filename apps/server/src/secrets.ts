import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import { type Database, metaValue } from './db/client.ts';

export interface Secrets {
  jwtSecret: string;
  /** Random id made with the database: devices that see it change know the server lost data. */
  epoch: string;
}

/** JWT key from env, else generated once into DATA_DIR/secrets.json (mode 600). */
export async function loadSecrets(config: Config, database: Database): Promise<Secrets> {
  let jwtSecret = config.JWT_SECRET;
  if (!jwtSecret) {
    const file = path.join(config.dataDir, 'secrets.json');
    if (existsSync(file)) {
      jwtSecret = (JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string }).jwtSecret;
    } else {
      mkdirSync(config.dataDir, { recursive: true });
      jwtSecret = randomBytes(48).toString('base64url');
      writeFileSync(file, JSON.stringify({ jwtSecret }), { mode: 0o600 });
    }
  }
  const epoch = await metaValue(database, 'epoch', () => randomUUID());
  return { jwtSecret, epoch };
}
