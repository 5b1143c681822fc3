import { describe, expect, it } from 'vitest';
import { needsAttention } from './attention.ts';
import { addDays, isFever, overdueDays, quarantineSchedule } from './quarantine.ts';

describe('quarantine schedule', () => {
  it('is one day per day of the quarantine, across month ends', () => {
    expect(quarantineSchedule('2025-01-30', 4)).toEqual([
      '2025-01-30',
      '2025-01-31',
      '2025-02-01',
      '2025-02-02',
    ]);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('counts days before today without a check-in as overdue', () => {
    const t = { quarantineStart: '2025-01-10', quarantineDays: 14 };
    expect(overdueDays(t, ['2025-01-10', '2025-01-12'], '2025-01-13')).toEqual(['2025-01-11']);
    expect(overdueDays(t, [], '2025-01-10')).toEqual([]);
    expect(overdueDays({ quarantineStart: null }, [], '2025-01-13')).toEqual([]);
    expect(overdueDays(t, [], '2025-03-01')).toHaveLength(14);
  });

  it('calls a temperature above the threshold a fever', () => {
    expect(isFever(37.5)).toBe(false);
    expect(isFever(37.6)).toBe(true);
  });
});

describe('needs attention', () => {
  const q = { status: 'quarantine', quarantineStart: '2025-01-10', quarantineDays: 14 };
  it('lists overdue, high risk today and fever at the latest check-in', () => {
    const items = needsAttention(
      [
        { id: 'a', ...q },
        { id: 'b', ...q },
        { id: 'c', status: 'declared' },
        { id: 'd', status: 'declared' },
      ],
      [
        { travelerId: 'c', riskLevel: 'high', date: '2025-01-11' },
        { travelerId: 'd', riskLevel: 'high', date: '2025-01-10' },
      ],
      [
        { travelerId: 'b', date: '2025-01-10', checkedAt: '2025-01-10T08:00:00Z', temperature: 36.8 },
        { travelerId: 'b', date: '2025-01-11', checkedAt: '2025-01-11T14:00:00+07:00', temperature: 38.4 },
        { travelerId: 'a', date: '2025-01-11', checkedAt: '2025-01-11T08:00:00Z', temperature: 36.5 },
      ],
      '2025-01-11',
    );
    expect(items).toEqual([
      { travelerId: 'a', reasons: ['overdue'], overdue: ['2025-01-10'] },
      { travelerId: 'b', reasons: ['feverAtCheckIn'], overdue: [] },
      { travelerId: 'c', reasons: ['highRiskToday'], overdue: [] },
    ]);
  });

  it('drops a high-risk traveller once the officer has decided (cleared, refused, referred)', () => {
    const declared = [{ travelerId: 'e', riskLevel: 'high', date: '2025-01-11' }];
    for (const status of ['cleared', 'rejected', 'referred'])
      expect(needsAttention([{ id: 'e', status }], declared, [], '2025-01-11')).toEqual([]);
    expect(needsAttention([{ id: 'e', status: 'tested' }], declared, [], '2025-01-11')).toHaveLength(1);
  });
});
