import type { Database } from '../../db/client.ts';

/** Seeds the spec's three demo accounts when no user exists (auth module fills this in). */
export async function seedDemoUsers(_database: Database) {}
