/**
 * The server's registry of synced tables (tables.ts) against the shared one and the schema: every
 * table the server writes and sends has one entry, under the shared SQL name, with the
 * bookkeeping columns a synced table needs; the upkeep counts what a batch wrote per table.
 */
import { SERVED_TABLES, SYNC_TABLE_SPECS, SYNC_TABLES } from '@bh/shared';
import { getTableColumns, getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PULLED_TABLES, rowsWrittenBy, WRITABLE_TABLES, writableTable } from './tables.ts';

describe('the server registry of synced tables', () => {
  it('has one entry per served table, under the shared SQL name, pulled in the protocol order', () => {
    expect(Object.keys(WRITABLE_TABLES).sort()).toEqual([...SERVED_TABLES].sort());
    expect(PULLED_TABLES.map((t) => t.name)).toEqual(SYNC_TABLES.filter((t) => SYNC_TABLE_SPECS[t].served));
    for (const table of PULLED_TABLES) {
      expect(getTableName(table.pgTable), table.name).toBe(SYNC_TABLE_SPECS[table.name].sqlName);
      expect(table.sqlName).toBe(SYNC_TABLE_SPECS[table.name].sqlName);
      const columns = Object.keys(getTableColumns(table.pgTable));
      for (const needed of ['id', 'version', 'changeSeq', 'updatedAt'])
        expect(columns, `${table.name}.${needed}`).toContain(needed);
    }
  });

  it('has no entry for a protocol table the server neither writes nor sends', () => {
    expect(writableTable('users')).toBeUndefined();
    expect(writableTable('checkIns')).toBe(WRITABLE_TABLES.checkIns);
  });

  it('counts the rows an applied batch wrote for the upkeep, analysed tables only', () => {
    const written = rowsWrittenBy(
      [
        { seq: 1, table: 'travelers' },
        { seq: 2, table: 'systemStatus' },
        { seq: 3, table: 'healthDeclarations' },
        { seq: 4, table: 'travelers' },
      ],
      [
        { seq: 1, status: 'applied' },
        { seq: 2, status: 'applied' },
        { seq: 3, status: 'applied' },
        { seq: 4, status: 'conflict' },
      ],
      true,
    );
    // The system status is not analysed; the declaration's effects touch travellers and events.
    expect(written).toEqual({
      travelers: 2,
      health_declarations: 1,
      traveler_events: 1,
      audit_events: 3,
      applied_mutations: 1,
    });
  });
});
