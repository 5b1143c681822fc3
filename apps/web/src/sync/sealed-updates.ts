/**
 * An update of sealed records, prepared before the outbox's transaction (sync/outbox.ts,
 * docs/decisions/016-encryption-at-rest.md): the stored records opened, the input's fields merged
 * over them, sealed again; and a conflict's manual merge likewise (sync/resolutions.ts). Loaded at
 * the first such write: no route carries it.
 */

import type { SyncTable } from '@bh/shared';
import { type LocalRecord, type PWADatabase, storeFor } from '../db/database.ts';
import {
  envelopeIv,
  isEnvelope,
  openRecord,
  openRecords,
  type SealedEnvelope,
  sealRecords,
} from '../db/sealing.ts';

/**
 * Per input, its changes with the private fields of the record after it (the stored ones opened,
 * the input's over them) sealed into one envelope; the records after the update in clear (the
 * outbox row is checked on them); and the IV of each envelope they were merged over.
 */
export interface PreparedUpdates {
  changes: Record<string, unknown>[];
  plain: LocalRecord[];
  basedOn: Map<string, string>;
}

/** Null when an input's record is missing (the outbox's transaction reports it). */
export async function prepareSealedUpdates(
  database: PWADatabase,
  table: SyncTable,
  inputs: readonly { id?: string; [field: string]: unknown }[],
  stored: readonly (LocalRecord | undefined)[],
): Promise<PreparedUpdates | null> {
  const basedOn = new Map(stored.flatMap((r) => (r ? [[r.id, envelopeIv(r)] as const] : [])));
  const current = new Map(
    (await openRecords(database, table, stored)).flatMap((r) => (r ? [[r.id, r]] : [])),
  );
  const plain: LocalRecord[] = [];
  for (const { id: _id, ...changes } of inputs) {
    const before = _id ? current.get(_id) : undefined;
    if (!before) return null;
    const after: LocalRecord = { ...before, ...changes };
    current.set(after.id, after);
    plain.push(after);
  }
  const sealed = await sealRecords(database, table, plain);
  const changes = inputs.map(({ id: _id, ...input }, i) => {
    const out: Record<string, unknown> = { ...input };
    const env: SealedEnvelope | undefined = isEnvelope(sealed[i]?.sealed) ? sealed[i]?.sealed : undefined;
    for (const key of Object.keys(out)) if (sealed[i]?.[key] === undefined) delete out[key];
    if (env) out.sealed = env;
    return out;
  });
  return { changes, plain, basedOn };
}

/**
 * A manual merge's fields over the record as it stands, sealed (db/sealing.ts) before the
 * resolution's transaction (sync/resolutions.ts): the officer's merged values are private fields
 * in clear.
 */
export async function sealMerge(
  database: PWADatabase,
  conflictId: number,
  mergedData: Record<string, unknown> | null | undefined,
): Promise<Record<string, unknown> | null | undefined> {
  const conflict = await database.conflicts.get(conflictId);
  if (!conflict || !mergedData) return mergedData;
  const stored: unknown =
    (await storeFor(database, conflict.table).get(conflict.recordId)) ?? conflict.localData;
  if (!isLocalRecord(stored)) return mergedData;
  const opened = await openRecord(database, conflict.table, stored);
  const [sealed] = await sealRecords(database, conflict.table, [{ ...opened, ...mergedData, id: stored.id }]);
  return sealed;
}

const isLocalRecord = (v: unknown): v is LocalRecord =>
  typeof v === 'object' && v !== null && 'id' in v && typeof v.id === 'string';
