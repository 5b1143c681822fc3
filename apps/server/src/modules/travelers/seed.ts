import type { Database } from '../../db/client.ts';

/** Seeds the spec's three sample travellers once (travelers module fills this in). */
export async function seedDemoTravelers(_database: Database) {}
