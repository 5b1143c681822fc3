/**
 * A declaration's risk as the officer reads it: the level and score, the factors that counted,
 * and what to do next (the review step before sending, the result after).
 */
import type { RiskAssessment, RiskLevel } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { Alert, type AlertTone } from '../../components/ui/alert.tsx';

const TONE: Record<RiskLevel, AlertTone> = { low: 'success', medium: 'warning', high: 'error' };

export function RiskVerdict({
  risk,
  testId,
}: {
  risk: Pick<RiskAssessment, 'level' | 'score' | 'factors'>;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert tone={TONE[risk.level]} announce="none" data-testid={testId} data-level={risk.level}>
      <div className="space-y-1">
        <p className="font-semibold" data-testid={`${testId}-level`}>
          {t(`declaration.summary.level.${risk.level}`)} ·{' '}
          {t('declaration.summary.score', { score: risk.score })}
        </p>
        <p className="text-sm">
          {risk.factors.length === 0
            ? t('declaration.summary.noFactors')
            : risk.factors.map((f) => `${t(`declaration.summary.factor.${f.id}`)} +${f.points}`).join(' · ')}
        </p>
        <p data-testid={`${testId}-todo`}>{t(`declaration.officer.${risk.level}`)}</p>
      </div>
    </Alert>
  );
}
