/**
 * `column IN (list)` with the list bound as ONE JSON parameter. drizzle's inArray binds one
 * parameter per value: for the 500-1,000 ids of a sync batch, building and binding them cost more
 * than the lookup itself (docs/decisions/002-set-based-sync-apply.md). Written as `= ANY(ARRAY(...))`
 * so the planner still uses the column's index (an `IN (SELECT ... json_array_elements_text)`
 * was planned as a sequential scan of every traveller). An empty list matches nothing.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export const inJsonList = (
  column: AnyPgColumn,
  values: readonly (string | number)[],
  type: 'text' | 'uuid' | 'bigint',
): SQL =>
  sql`${column} = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(values)}::json)::${sql.raw(type)}))`;
