/**
 * The wizard's last step: every answer as it will be sent, grouped by the step it was given in
 * (each group can be reopened to change it), and the risk the answers give (level, score, the
 * factors) with what the officer does next. The server computes the same score again.
 */
import {
  computeRiskScore,
  pickLocale,
  RISK_ZONE_OPTIONS,
  type RiskAssessment,
  SYMPTOM_OPTIONS,
  type SystemMode,
  VACCINATION_STATUS_OPTIONS,
} from '@bh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contactShown, type FormValues } from './form-values.ts';
import { RiskVerdict } from './risk-verdict.tsx';

/** The risk the answers give (a temperature typed "37,8" reads as 37.8). */
export function riskOfValues(v: FormValues, mode: SystemMode): RiskAssessment {
  const temperature = Number.parseFloat(v.bodyTemperature.replace(',', '.'));
  const asked = contactShown(mode);
  return computeRiskScore({
    bodyTemperature: Number.isFinite(temperature) ? temperature : null,
    symptoms: v.symptoms,
    contactHistory: {
      covidContact: asked && v.covidContact,
      visitedAffectedArea: asked && v.visitedAffectedArea,
    },
    riskZones: v.riskZones,
    vaccinationStatus: v.vaccinationStatus || null,
  });
}

function Group({
  title,
  step,
  onEdit,
  children,
}: {
  title: string;
  step: number;
  onEdit?: (step: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="border-b border-base-300 pb-2" data-testid="review-group">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        {onEdit && (
          <button type="button" className="btn btn-ghost min-h-11" onClick={() => onEdit(step)}>
            {t('declarationSteps.review.edit')}
          </button>
        )}
      </div>
      <dl className="text-sm">{children}</dl>
    </section>
  );
}

function Answer({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="grid grid-cols-[minmax(7rem,40%)_1fr] gap-2 py-1">
      <dt className="opacity-70">{label}</dt>
      <dd className="font-medium break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function ReviewStep({
  values: v,
  mode,
  onEdit,
}: {
  values: FormValues;
  mode: SystemMode;
  /** Phones: reopens a step to change its answers (absent on the one long page). */
  onEdit?: (step: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const none = t('declaration.summary.nothing');
  const text = (s: string) => s.trim() || none;
  const yesNo = (b: boolean) => t(b ? 'declarationSteps.review.yes' : 'declarationSteps.review.no');
  const symptoms = SYMPTOM_OPTIONS.filter((o) => v.symptoms[o.value]).map((o) => pickLocale(o.label, lang));
  const zones = RISK_ZONE_OPTIONS.filter((o) => v.riskZones.includes(o.value)).map((o) =>
    pickLocale(o.label, lang),
  );
  const vaccination = VACCINATION_STATUS_OPTIONS.find((o) => o.value === v.vaccinationStatus);
  const f = (name: string) => t(`declaration.fields.${name}`);
  return (
    <div className="card bg-base-100 shadow-sm p-4 space-y-3" data-testid="declaration-review">
      <h2 className="text-lg font-semibold">{t('declarationSteps.review.title')}</h2>
      <RiskVerdict risk={riskOfValues(v, mode)} testId="review-risk" />
      <Group title={t('declarationSteps.names.identity')} step={0} onEdit={onEdit}>
        <Answer label={f('fullName')} value={text(v.fullName)} testId="review-fullName" />
        <Answer label={f('passportNumber')} value={text(v.passportNumber)} />
        <Answer label={f('phone')} value={text(v.phone)} />
        <Answer label={f('email')} value={text(v.email)} />
      </Group>
      <Group title={t('declarationSteps.names.health')} step={1} onEdit={onEdit}>
        <Answer label={f('bodyTemperature')} value={text(v.bodyTemperature)} testId="review-temperature" />
        <Answer
          label={f('vaccinationStatus')}
          value={vaccination ? pickLocale(vaccination.label, lang) : none}
        />
        <Answer label={t('declaration.sections.symptoms')} value={symptoms.join(', ') || none} />
        <Answer label={f('medications')} value={text(v.medications)} />
        <Answer label={f('allergies')} value={text(v.allergies)} />
        <Answer label={f('medicalHistory')} value={text(v.medicalHistory)} />
      </Group>
      <Group title={t('declarationSteps.names.contacts')} step={2} onEdit={onEdit}>
        {contactShown(mode) && (
          <>
            <Answer label={f('covidContact')} value={yesNo(v.covidContact)} />
            <Answer label={f('visitedAffectedArea')} value={yesNo(v.visitedAffectedArea)} />
            <Answer label={f('contactNotes')} value={text(v.contactNotes)} />
          </>
        )}
        <Answer label={t('declaration.summary.zones')} value={zones.join(', ') || none} />
      </Group>
      <Group title={t('declarationSteps.names.documents')} step={3} onEdit={onEdit}>
        <Answer label={f('testFile')} value={v.testFile?.name ?? none} />
        <Answer label={f('vaccinationCertFile')} value={v.vaccinationCertFile?.name ?? none} />
      </Group>
    </div>
  );
}
