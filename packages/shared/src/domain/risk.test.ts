import { describe, expect, it } from 'vitest';
import { computeRiskScore, RISK_RULE_VERSION, riskLevelForScore, riskResultMessageKey } from './risk.ts';

const calm = {
  bodyTemperature: 36.6,
  symptoms: { fever: false, cough: false },
  contactHistory: { covidContact: false, visitedAffectedArea: false },
  riskZones: [],
  vaccinationStatus: 'full',
};

describe('computeRiskScore', () => {
  it('scores a healthy vaccinated traveller 0, low', () => {
    expect(computeRiskScore(calm)).toEqual({
      score: 0,
      level: 'low',
      factors: [],
      ruleVersion: RISK_RULE_VERSION,
    });
    expect(RISK_RULE_VERSION).toBe('risk-v1');
  });

  it('gives no fever points at 37.5 and 2 at 37.6', () => {
    expect(computeRiskScore({ ...calm, bodyTemperature: 37.5 }).score).toBe(0);
    expect(computeRiskScore({ ...calm, bodyTemperature: 37.6 })).toMatchObject({
      score: 2,
      factors: [{ id: 'fever', points: 2 }],
    });
  });

  it.each([
    ['symptoms', { symptoms: { headache: true } }, 2],
    ['covidContact', { contactHistory: { covidContact: true } }, 3],
    ['visitedAffectedArea', { contactHistory: { visitedAffectedArea: true } }, 1],
    ['riskZone', { riskZones: ['qom'] }, 2],
    ['unvaccinated', { vaccinationStatus: 'unvaccinated' }, 1],
  ] as const)('counts %s alone', (id, change, points) => {
    const result = computeRiskScore({ ...calm, ...change });
    expect(result.factors).toEqual([{ id, points }]);
    expect(result.score).toBe(points);
  });

  it('counts a zone flag of the contact history as a risk zone, once', () => {
    const result = computeRiskScore({
      ...calm,
      contactHistory: { visitedItaly: true },
      riskZones: ['lombardy', 'wuhan'],
    });
    expect(result.factors).toEqual([{ id: 'riskZone', points: 2 }]);
  });

  it('counts any number of symptoms once', () => {
    const result = computeRiskScore({ ...calm, symptoms: { fever: true, cough: true, headache: true } });
    expect(result.score).toBe(2);
  });

  it('does not count partial or booster vaccination', () => {
    expect(computeRiskScore({ ...calm, vaccinationStatus: 'partial' }).score).toBe(0);
    expect(computeRiskScore({ ...calm, vaccinationStatus: 'booster' }).score).toBe(0);
  });

  it('adds everything up to 11, high', () => {
    const result = computeRiskScore({
      bodyTemperature: 39,
      symptoms: { cough: true },
      contactHistory: { covidContact: true, visitedAffectedArea: true },
      riskZones: ['wuhan'],
      vaccinationStatus: 'unvaccinated',
    });
    expect(result.score).toBe(11);
    expect(result.level).toBe('high');
    expect(result.factors.map((factor) => factor.id).join(' ')).toBe(
      'fever symptoms covidContact visitedAffectedArea riskZone unvaccinated',
    );
  });

  it('treats missing parts as no risk', () => {
    expect(computeRiskScore({}).score).toBe(0);
    expect(
      computeRiskScore({ bodyTemperature: null, symptoms: null, contactHistory: null, riskZones: null })
        .score,
    ).toBe(0);
  });

  it('reaches each level through real combinations', () => {
    // 2 (fever) -> low; 3 (fever + unvaccinated) -> medium; 4 (fever + symptoms) -> medium; 5 -> high
    expect(computeRiskScore({ ...calm, bodyTemperature: 38 }).level).toBe('low');
    expect(computeRiskScore({ ...calm, bodyTemperature: 38, vaccinationStatus: 'unvaccinated' }).level).toBe(
      'medium',
    );
    expect(computeRiskScore({ ...calm, bodyTemperature: 38, symptoms: { cough: true } }).level).toBe(
      'medium',
    );
    expect(
      computeRiskScore({
        ...calm,
        bodyTemperature: 38,
        symptoms: { cough: true },
        vaccinationStatus: 'unvaccinated',
      }).level,
    ).toBe('high');
  });
});

describe('riskLevelForScore', () => {
  it.each([
    [0, 'low'],
    [2, 'low'],
    [3, 'medium'],
    [4, 'medium'],
    [5, 'high'],
    [11, 'high'],
  ] as const)('%i -> %s', (score, level) => {
    expect(riskLevelForScore(score)).toBe(level);
  });

  it('names the result message of each level', () => {
    expect(riskResultMessageKey('medium')).toBe('declaration.result.medium');
  });
});
