/**
 * Extension points of a synced table's write round (see WritableTable in tables.ts): code that
 * must read the database or write other tables in the same transaction as the round.
 */
import type { SyncOp } from '@bh/shared';
import type { Db, Tx } from '../db/client.ts';
import type { AuthUser } from '../plugins/auth-guard.ts';

/** One mutation of a round as the hooks see it: its record id and its (mutable) data. */
export interface RoundItem {
  id: string;
  row: Record<string, unknown> | null;
}

export type RoundHook<R> = (tx: Db | Tx, op: SyncOp, items: RoundItem[], user: AuthUser) => Promise<R>;

/**
 * An after-write hook, with the rows of its table's `afterWriteReads` when the write path read
 * them beforehand (else undefined: the hook reads for itself).
 */
export type AfterWriteHook = (
  tx: Db | Tx,
  op: SyncOp,
  items: RoundItem[],
  user: AuthUser,
  read?: readonly unknown[],
) => Promise<void>;
