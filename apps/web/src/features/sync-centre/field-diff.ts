/**
 * Field-by-field comparison of a conflict's local and server copies, and the merged data a
 * manual merge sends. Only the table's writable fields are compared: ids, versions, timestamps
 * and local sync state differ by nature and are not the officer's decision.
 */
import { SYNC_DATA_SCHEMAS, type SyncTable } from '@bh/shared';

export interface FieldRow {
  field: string;
  local: unknown;
  server: unknown;
  differs: boolean;
}

/** Writable fields of a table, in schema order. */
function writableFields(table: SyncTable): string[] {
  return Object.keys(SYNC_DATA_SCHEMAS[table].shape);
}

const normalise = (v: unknown) => (v === undefined || v === '' ? null : v);

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

/** One row per writable field that either side holds; differing fields first stay in schema order. */
export function compareFields(
  table: SyncTable,
  local: Record<string, unknown> | null,
  server: Record<string, unknown> | null,
): FieldRow[] {
  return writableFields(table)
    .filter((f) => normalise(local?.[f]) !== null || normalise(server?.[f]) !== null)
    .map((field) => {
      const l = local?.[field];
      const s = server?.[field];
      return { field, local: l, server: s, differs: !sameValue(l, s) };
    });
}

export type Choice = { source: 'local' } | { source: 'server' } | { source: 'custom'; value: string };

/** Can this value be edited as text (and read back to the same type)? */
export function isEditable(value: unknown): boolean {
  return value === null || value === undefined || typeof value === 'string' || typeof value === 'number';
}

/** Reads an edited text back into the type of the value it replaces. */
function parseEdited(text: string, like: unknown): unknown {
  if (typeof like === 'number') {
    const n = Number(text.replace(',', '.'));
    return text.trim() === '' || Number.isNaN(n) ? null : n;
  }
  return text.trim() === '' ? null : text;
}

/**
 * The data of a manual merge: every compared field with the value the officer chose (local when
 * no choice was made, which is also the value of the fields that do not differ).
 */
export function buildMergedData(rows: FieldRow[], choices: Record<string, Choice>): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const row of rows) {
    const choice = choices[row.field] ?? { source: 'local' };
    if (choice.source === 'server') merged[row.field] = row.server ?? null;
    else if (choice.source === 'custom')
      merged[row.field] = parseEdited(choice.value, row.local ?? row.server);
    else merged[row.field] = row.local ?? null;
  }
  return merged;
}
