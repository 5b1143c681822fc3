import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReport, type ReportInput } from './arithmetic.ts';

const range = { from: '2026-02-01', to: '2026-02-28' };
const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-02-${String(d).padStart(2, '0')}`);
const arrival = fc.record({
  day,
  status: fc.constantFrom('pending', 'declared', 'tested', 'cleared', 'quarantine', 'rejected', 'referred'),
  nationality: fc.constantFrom('VN', 'JP', 'US', 'KR'),
  n: fc.integer({ min: 0, max: 1000 }),
});
const declaration = fc.record({ day, riskLevel: fc.constantFrom('low', 'medium', 'high'), n: fc.nat(500) });

const input = (
  arrivals: ReportInput['arrivals'],
  declarations: ReportInput['declarations'],
): ReportInput => ({
  kind: 'monthly',
  range,
  timeZone: 'Asia/Ho_Chi_Minh',
  arrivals,
  declarations,
  quarantine: { started: 0, active: 0, released: 0, referred: 0, overdue: 0 },
  generatedAt: new Date('2026-03-01T00:00:00Z'),
});
const sum = (xs: { count: number }[]) => xs.reduce((a, x) => a + x.count, 0);

describe('report arithmetic', () => {
  it('sums by status, by nationality and by day all equal arrivals; risk levels sum to declarations', () => {
    fc.assert(
      fc.property(
        fc.array(arrival, { maxLength: 200 }),
        fc.array(declaration, { maxLength: 200 }),
        (a, d) => {
          const r = buildReport(input(a, d));
          expect(sum(r.byStatus)).toBe(r.arrivals);
          expect(sum(r.byNationality)).toBe(r.arrivals);
          expect(r.series.reduce((t, s) => t + s.arrivals, 0)).toBe(r.arrivals);
          expect(r.arrivals).toBe(a.reduce((t, g) => t + g.n, 0));
          const { low, medium, high } = r.byRiskLevel;
          expect(low + medium + high).toBe(r.declarations);
          expect(r.series.reduce((t, s) => t + s.declarations, 0)).toBe(r.declarations);
          expect(r.series.reduce((t, s) => t + s.highRisk, 0)).toBe(high);
        },
      ),
    );
  });

  it('has one series entry per day in order, and lists groups largest first', () => {
    const r = buildReport(
      input(
        [
          { day: '2026-02-03', status: 'declared', nationality: 'JP', n: 2 },
          { day: '2026-02-03', status: 'pending', nationality: 'VN', n: 5 },
        ],
        [],
      ),
    );
    expect(r.series).toHaveLength(28);
    expect(r.series[2]).toEqual({ date: '2026-02-03', arrivals: 7, declarations: 0, highRisk: 0 });
    expect(r.byStatus).toEqual([
      { status: 'pending', count: 5 },
      { status: 'declared', count: 2 },
    ]);
    expect(r.byNationality.map((n) => n.nationality)).toEqual(['VN', 'JP']);
  });
});
