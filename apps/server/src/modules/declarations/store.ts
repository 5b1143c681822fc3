/** Reads of the health_declarations table that only the REST routes need. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { healthDeclarations } from '../../db/schema.ts';
import { type ApiRecord, declarationColumns, toApiRecord } from '../../write-path/records.ts';

/** The live (not deleted) declaration of a traveller, as the API sends it, or null. */
export async function findDeclarationOfTraveler(db: Db, travelerId: string): Promise<ApiRecord | null> {
  const [row] = await db
    .select(declarationColumns)
    .from(healthDeclarations)
    .where(and(eq(healthDeclarations.travelerId, travelerId), isNull(healthDeclarations.deletedAt)));
  return row ? toApiRecord(row) : null;
}
