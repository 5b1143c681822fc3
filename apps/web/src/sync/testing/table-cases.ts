/**
 * How the sync tests write each synced table: one case per table the server writes and sends
 * (the shared registry's `served` tables, so a new synced table does not compile here until it
 * has a case), used by the randomised and exactly-once tests to run over every table.
 */
import { SERVED_TABLES, type ServedTable, SYNC_TABLE_OPS, type SyncOp } from '@bh/shared';
import { declarationPayload, noSymptoms } from '@bh/shared/testing';
import type { WriteInput } from '../outbox.ts';
import { travelerInput } from './sync-rig.ts';

export interface TableCase {
  table: ServedTable;
  /** Who the devices sign in as (the system status is written by admins only). */
  role: 'officer' | 'admin';
  /** Travellers made (and synced) before the test, for tables whose records belong to one. */
  parents: number;
  /**
   * A new record for `parentId` (`n` keeps values apart); null when devices never create one
   * (the system status has one record, 'current').
   */
  create: ((parentId: string, n: number) => WriteInput) | null;
  /**
   * Whether a record of this id may be created while the device holds none: a declaration's id is
   * its traveller's, so a traveller is declared at most once per device.
   */
  idIsParent: boolean;
  /** A change of a live record, as a device makes it (`n` keeps values apart). */
  update: ((n: number, rand: () => number) => Record<string, unknown>) | null;
  /** The fields compared between a device and the server once they converged. */
  fields: readonly string[];
}

function pick<T>(xs: readonly T[], rand: () => number): T {
  const x = xs[Math.floor(rand() * xs.length)];
  if (x === undefined) throw new Error('pick: nothing to pick from');
  return x;
}
const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + (n % 28))).toISOString().slice(0, 10);

const CASES: { [T in ServedTable]: Omit<TableCase, 'table'> } = {
  travelers: {
    role: 'officer',
    parents: 0,
    create: (_parentId, n) => travelerInput({ fullName: `S${n}` }),
    idIsParent: false,
    update: (n, rand) => ({ note: `n${n}`, occupation: pick(['Kỹ sư', 'Giáo viên', 'Bác sĩ'], rand) }),
    fields: ['note', 'occupation', 'status'],
  },
  healthDeclarations: {
    role: 'officer',
    parents: 30,
    create: (parentId) => declarationPayload(parentId),
    idIsParent: true,
    update: (n, rand) => ({
      bodyTemperature: pick([36.4, 36.8, 37.1], rand),
      phone: `09${String(n).padStart(8, '0')}`,
    }),
    // Not the risk score: the server computes it, and a device's own write does not come back.
    fields: ['bodyTemperature', 'phone'],
  },
  systemStatus: {
    role: 'admin',
    parents: 0,
    create: null,
    idIsParent: false,
    update: (n, rand) => ({ mode: pick(['normal', 'pandemic', 'emergency'], rand), statusText: `s${n}` }),
    fields: ['mode', 'statusText'],
  },
  travelerEvents: {
    role: 'officer',
    parents: 5,
    create: (parentId, n) => ({
      travelerId: parentId,
      kind: 'note',
      note: `e${n}`,
      occurredAt: new Date(Date.UTC(2026, 10, 1, 0, 0, n)).toISOString(),
    }),
    idIsParent: false,
    update: null,
    fields: ['travelerId', 'kind', 'note'],
  },
  checkIns: {
    role: 'officer',
    parents: 5,
    create: (parentId, n) => ({
      travelerId: parentId,
      date: day(n),
      checkedAt: new Date(Date.UTC(2026, 10, 1, 8, 0, n)).toISOString(),
      temperature: 36.5,
      symptoms: noSymptoms,
      note: null,
    }),
    idIsParent: false,
    update: (n, rand) => ({ temperature: pick([36.2, 36.9, 38.1], rand), note: `c${n}` }),
    fields: ['travelerId', 'temperature', 'note'],
  },
};

/** One case per served table, in the protocol's order. */
export const TABLE_CASES: readonly TableCase[] = SERVED_TABLES.map((table) => ({ table, ...CASES[table] }));

/** Whether devices may queue `op` on the case's table. */
export const allows = (c: TableCase, op: SyncOp) => SYNC_TABLE_OPS[c.table].includes(op);
