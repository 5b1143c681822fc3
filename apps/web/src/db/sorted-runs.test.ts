import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedRuns } from './sorted-runs.ts';

interface Entry {
  id: number;
  key: number;
}
const compare = (a: Entry, b: Entry) => a.key - b.key || a.id - b.id;

/** A batch of changes: per id, a new key or null (removed). */
const batch = fc.array(
  fc.tuple(fc.integer({ min: 0, max: 300 }), fc.option(fc.integer({ min: 0, max: 20 }))),
  {
    maxLength: 150,
  },
);
const step = fc.oneof(
  { weight: 8, arbitrary: batch.map((changes) => ({ kind: 'batch' as const, changes })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'read' as const }) },
  { weight: 1, arbitrary: batch.map((changes) => ({ kind: 'reset' as const, changes })) },
);

describe('sorted runs', () => {
  it('after any sequence of updates, the ordered list equals the sorted contents', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const runs = new SortedRuns<Entry>(compare);
        const model = new Map<number, Entry>();
        for (const s of steps) {
          if (s.kind === 'read') {
            expect(runs.ordered()).toEqual([...model.values()].sort(compare));
            continue;
          }
          if (s.kind === 'reset') {
            model.clear();
            for (const [id, key] of s.changes) if (key !== null) model.set(id, { id, key });
            runs.reset([...model.values()]);
            continue;
          }
          // One batch as the index applies it: each id's old entry out, its last new entry in.
          const removed = new Set<Entry>();
          const added = new Map<number, Entry>();
          for (const [id, key] of s.changes) {
            const old = model.get(id);
            if (old) {
              // An entry added earlier in the batch was never held: it only leaves the batch.
              if (added.get(id) === old) added.delete(id);
              else removed.add(old);
              model.delete(id);
            }
            if (key !== null) {
              const entry = { id, key };
              model.set(id, entry);
              added.set(id, entry);
            }
          }
          runs.apply(removed, [...added.values()]);
        }
        const ordered = runs.ordered();
        expect(ordered).toEqual([...model.values()].sort(compare));
        // The very entries given, not copies.
        for (const e of ordered) expect(model.get(e.id)).toBe(e);
      }),
      { numRuns: 300 },
    );
  });

  it('a small change is spliced into the list; a large one waits in a run until read', () => {
    const runs = new SortedRuns<Entry>(compare);
    const first = Array.from({ length: 100 }, (_, id) => ({ id, key: id % 7 }));
    runs.reset([...first]);
    const list = runs.ordered();
    const moved = { id: 5, key: 100 };
    const old = first[5];
    if (!old) throw new Error('no entry 5');
    runs.apply(new Set([old]), [moved]);
    expect(runs.ordered()).toBe(list);
    expect(list.at(-1)).toBe(moved);
    runs.apply(
      new Set(),
      Array.from({ length: 100 }, (_, i) => ({ id: 1000 + i, key: 3 })),
    );
    expect(runs.ordered()).toHaveLength(200);
  });
});
