/**
 * The report's arithmetic, kept pure so that it can be property-tested: grouped counts from the
 * database in, the report's figures out. Every total is a sum of the same groups, so arrivals,
 * byStatus, byNationality and the daily series always agree.
 */
import {
  type DateRange,
  eachDay,
  type Report,
  type ReportKind,
  RISK_LEVELS,
  type RiskLevel,
} from '@bh/shared';

/** Live travellers of one entry day, status and nationality. */
interface ArrivalGroup {
  day: string;
  status: string;
  nationality: string;
  n: number;
}

/** Live declarations filed on one day (post time) with one risk level. */
interface DeclarationGroup {
  day: string;
  riskLevel: string;
  n: number;
}

export interface ReportInput {
  kind: ReportKind;
  range: DateRange;
  timeZone: string;
  arrivals: readonly ArrivalGroup[];
  declarations: readonly DeclarationGroup[];
  quarantine: Report['quarantine'];
  generatedAt: Date;
}

const isRiskLevel = (level: string): level is RiskLevel => RISK_LEVELS.some((l) => l === level);

/** Map of key -> summed n, sorted by count (largest first), then key. */
function tally<T>(items: readonly T[], key: (item: T) => string, n: (item: T) => number) {
  const sums = new Map<string, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + n(item));
  return [...sums].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export function buildReport(input: ReportInput): Report {
  const days = new Map(
    eachDay(input.range).map((date) => [date, { date, arrivals: 0, declarations: 0, highRisk: 0 }]),
  );
  const byRiskLevel = { low: 0, medium: 0, high: 0 };
  let arrivals = 0;
  for (const g of input.arrivals) {
    arrivals += g.n;
    const day = days.get(g.day);
    if (day) day.arrivals += g.n;
  }
  let declarations = 0;
  for (const g of input.declarations) {
    declarations += g.n;
    if (isRiskLevel(g.riskLevel)) byRiskLevel[g.riskLevel] += g.n;
    const day = days.get(g.day);
    if (!day) continue;
    day.declarations += g.n;
    if (g.riskLevel === 'high') day.highRisk += g.n;
  }
  return {
    period: { kind: input.kind, from: input.range.from, to: input.range.to, timeZone: input.timeZone },
    arrivals,
    declarations,
    byRiskLevel,
    byStatus: tally(
      input.arrivals,
      (g) => g.status,
      (g) => g.n,
    ).map(([status, count]) => ({ status, count })),
    byNationality: tally(
      input.arrivals,
      (g) => g.nationality,
      (g) => g.n,
    ).map(([nationality, count]) => ({
      nationality,
      count,
    })),
    quarantine: input.quarantine,
    series: [...days.values()],
    generatedAt: input.generatedAt.toISOString(),
  };
}
