/** turns(): at most `size` tasks at once, the others in arrival order; a failure passes the turn on. */
import { describe, expect, it } from 'vitest';
import { turns } from './turns.ts';

describe('turns', () => {
  it('runs at most size tasks at once, the rest in arrival order, and passes the turn on after a failure', async () => {
    const gate = turns(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (i: number) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        if (i === 1) throw new Error('task 1 fails');
        return i;
      });
    const all = [0, 1, 2, 3, 4].map(task);
    expect(gate.waiting).toBe(3);
    const settled = await Promise.allSettled(all);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(gate.waiting).toBe(0);
    // Every turn was given back: two run at once again.
    running = 0;
    most = 0;
    await Promise.all([5, 6].map(task));
    expect(most).toBe(2);
  });
});
