/**
 * Pandemic risk score of a health declaration (docs/spec.md §4).
 *
 * | factor              | condition                                   | points |
 * |---------------------|---------------------------------------------|--------|
 * | fever               | bodyTemperature > 37.5 °C                   | 2      |
 * | symptoms            | any symptom ticked                          | 2      |
 * | covidContact        | contactHistory.covidContact                 | 3      |
 * | visitedAffectedArea | contactHistory.visitedAffectedArea          | 1      |
 * | riskZone            | any risk zone in the last 14 days           | 2      |
 * | unvaccinated        | vaccinationStatus 'unvaccinated'            | 1      |
 *
 * Score >= 5 is high, >= 3 medium, otherwise low. "Any risk zone" counts a zone in `riskZones`
 * or one of the zone flags of the contact history (visitedWuhan, visitedItaly, visitedIran,
 * visitedKorea): both record the same fact. The server recomputes the score; clients may show it early.
 */
import { FEVER_THRESHOLD, RISK_HIGH, RISK_MEDIUM } from './constants.ts';

export const RISK_RULE_VERSION = 'risk-v1';

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const RISK_FACTOR_IDS = [
  'fever',
  'symptoms',
  'covidContact',
  'visitedAffectedArea',
  'riskZone',
  'unvaccinated',
] as const;
export type RiskFactorId = (typeof RISK_FACTOR_IDS)[number];

/** Points of each factor. */
export const RISK_FACTOR_POINTS: Readonly<Record<RiskFactorId, number>> = {
  fever: 2,
  symptoms: 2,
  covidContact: 3,
  visitedAffectedArea: 1,
  riskZone: 2,
  unvaccinated: 1,
};

export type RiskFactor = { id: RiskFactorId; points: number };

/** The part of a declaration the score reads; missing parts count as "no". */
export type RiskInput = {
  bodyTemperature?: number | null;
  symptoms?: Readonly<Record<string, boolean | undefined>> | null;
  contactHistory?: {
    covidContact?: boolean;
    visitedAffectedArea?: boolean;
    visitedWuhan?: boolean;
    visitedItaly?: boolean;
    visitedIran?: boolean;
    visitedKorea?: boolean;
  } | null;
  riskZones?: readonly string[] | null;
  vaccinationStatus?: string | null;
};

export type RiskAssessment = {
  score: number;
  level: RiskLevel;
  factors: RiskFactor[];
  ruleVersion: typeof RISK_RULE_VERSION;
};

/** Risk level of a score: 5+ high, 3+ medium, otherwise low. */
export function riskLevelForScore(score: number): RiskLevel {
  if (score >= RISK_HIGH) return 'high';
  if (score >= RISK_MEDIUM) return 'medium';
  return 'low';
}

/** Computes the score, its level and the factors that counted. */
export function computeRiskScore(input: RiskInput): RiskAssessment {
  const contact = input.contactHistory ?? {};
  const present: Record<RiskFactorId, boolean> = {
    fever: typeof input.bodyTemperature === 'number' && input.bodyTemperature > FEVER_THRESHOLD,
    symptoms: Object.values(input.symptoms ?? {}).some((ticked) => ticked === true),
    covidContact: contact.covidContact === true,
    visitedAffectedArea: contact.visitedAffectedArea === true,
    riskZone:
      (input.riskZones?.length ?? 0) > 0 ||
      contact.visitedWuhan === true ||
      contact.visitedItaly === true ||
      contact.visitedIran === true ||
      contact.visitedKorea === true,
    unvaccinated: input.vaccinationStatus === 'unvaccinated',
  };
  const factors = RISK_FACTOR_IDS.filter((id) => present[id]).map((id) => ({
    id,
    points: RISK_FACTOR_POINTS[id],
  }));
  const score = factors.reduce((sum, factor) => sum + factor.points, 0);
  return { score, level: riskLevelForScore(score), factors, ruleVersion: RISK_RULE_VERSION };
}

/** i18n key of the message shown after submitting a declaration of this level. */
export function riskResultMessageKey(level: RiskLevel): string {
  return `declaration.result.${level}`;
}
