import { describe, expect, it } from 'vitest';
import { buildWorkQueue, type QueueRisk, type QueueTraveler } from './work-queue.ts';

const traveler = (id: string, status: string, extra: Partial<QueueTraveler> = {}): QueueTraveler => ({
  id,
  fullName: `Traveller ${id}`,
  passportNo: `P${id}`,
  status,
  entryDate: '2025-03-10',
  createdAt: '2025-03-10T08:00:00.000Z',
  quarantineStart: null,
  quarantineDays: null,
  ...extra,
});
const high = (score: number): QueueRisk => ({ level: 'high', score });
const today = '2025-03-12';

describe("the officer's work queue", () => {
  it('lists who waits for a declaration, undecided high risk and check-ins due today or overdue', () => {
    const q = buildWorkQueue(
      [
        traveler('a', 'pending'),
        traveler('b', 'declared'),
        traveler('c', 'tested'),
        traveler('d', 'declared'),
        traveler('e', 'quarantine', { quarantineStart: '2025-03-10', quarantineDays: 14 }),
        traveler('f', 'quarantine', { quarantineStart: '2025-03-12', quarantineDays: 14 }),
        traveler('g', 'quarantine', { quarantineStart: '2025-03-11', quarantineDays: 14 }),
      ],
      new Map([
        ['b', high(9)],
        ['c', high(12)],
        ['d', { level: 'low', score: 1 } satisfies QueueRisk],
      ]),
      new Map([
        ['e', ['2025-03-10']],
        ['g', ['2025-03-11', '2025-03-12']],
      ]),
      today,
    );
    expect(q.waiting.map((r) => r.traveler.id)).toEqual(['a']);
    // Highest score first; a low-risk declaration is not urgent.
    expect(q.highRisk.map((r) => [r.traveler.id, r.risk?.score])).toEqual([
      ['c', 12],
      ['b', 9],
    ]);
    // e missed the 11th (overdue); f starts today (due); g has done today's.
    expect(q.checkIns.map((r) => [r.traveler.id, r.overdue])).toEqual([
      ['e', ['2025-03-11']],
      ['f', []],
    ]);
  });

  it('lists the newest arrivals first and, within a day, the one registered last', () => {
    const q = buildWorkQueue(
      [
        traveler('old', 'pending', { entryDate: '2025-03-09' }),
        traveler('early', 'pending', { entryDate: '2025-03-12', createdAt: '2025-03-12T07:00:00.000Z' }),
        traveler('late', 'pending', { entryDate: '2025-03-12', createdAt: '2025-03-12T09:30:00.000Z' }),
      ],
      new Map(),
      new Map(),
      today,
    );
    expect(q.waiting.map((r) => r.traveler.id)).toEqual(['late', 'early', 'old']);
  });

  it('a cleared, refused or referred traveller leaves the queue', () => {
    const risks = new Map([['x', high(10)]]);
    for (const status of ['cleared', 'rejected', 'referred']) {
      const q = buildWorkQueue([traveler('x', status)], risks, new Map(), today);
      expect([q.waiting, q.highRisk, q.checkIns].flat()).toEqual([]);
    }
  });

  it('a quarantine that ended yesterday has nothing due today', () => {
    const t = traveler('q', 'quarantine', { quarantineStart: '2025-03-09', quarantineDays: 3 });
    const done = new Map([['q', ['2025-03-09', '2025-03-10', '2025-03-11']]]);
    expect(buildWorkQueue([t], new Map(), done, today).checkIns).toEqual([]);
  });
});
