import { describe, expect, it } from 'vitest';
import { SYNC_TABLES } from './protocol.ts';
import {
  ANALYSED_SYNC_TABLES,
  isServedTable,
  LANDED_TABLES,
  SERVED_TABLES,
  SYNC_TABLE_SPECS,
} from './table-registry.ts';

const specs = Object.values(SYNC_TABLE_SPECS);

describe('the registry of synced tables', () => {
  it('has one spec per protocol table, named as its key, with its own store and SQL table', () => {
    expect(specs.map((s) => s.table)).toEqual([...SYNC_TABLES]);
    for (const table of SYNC_TABLES) expect(SYNC_TABLE_SPECS[table].table).toBe(table);
    expect(new Set(specs.map((s) => s.store)).size).toBe(SYNC_TABLES.length);
    expect(new Set(specs.map((s) => s.sqlName)).size).toBe(SYNC_TABLES.length);
  });

  it('derives the lists each side reads from the flags', () => {
    expect(SERVED_TABLES).toEqual([
      'travelers',
      'healthDeclarations',
      'systemStatus',
      'travelerEvents',
      'checkIns',
    ]);
    expect(SERVED_TABLES.every(isServedTable)).toBe(true);
    expect(isServedTable('users')).toBe(false);
    expect(LANDED_TABLES).toEqual(['travelers', 'healthDeclarations', 'travelerEvents', 'checkIns']);
    expect(ANALYSED_SYNC_TABLES).toEqual([
      'travelers',
      'health_declarations',
      'traveler_events',
      'check_ins',
    ]);
  });

  it("lands and analyses only tables the server sends; private fields only on travellers' tables", () => {
    for (const spec of specs) {
      if (spec.landsFresh || spec.analysed) expect(spec.served, spec.table).toBe(true);
      // What sync and the lists need without the key stays in clear (docs/decisions/016-encryption-at-rest.md).
      for (const clear of ['id', 'version', 'status', 'entryDate', 'nationality', 'travelerId', 'date'])
        expect(spec.privateFields, spec.table).not.toContain(clear);
      if (spec.scope === 'global') expect(spec.privateFields).toEqual([]);
      else expect(spec.privateFields.length, spec.table).toBeGreaterThan(0);
    }
  });
});
