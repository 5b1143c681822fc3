/**
 * Symptoms, contact history (pandemic and emergency modes only) and risk zones of the last
 * 14 days.
 */
import {
  NOTES_MAX_LENGTH,
  pickLocale,
  RISK_WINDOW_DAYS,
  RISK_ZONE_OPTIONS,
  SYMPTOM_OPTIONS,
} from '@bh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { Section, type SectionProps } from './form-sections.tsx';

function Check({
  checked,
  onChange,
  children,
  name,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  children: ReactNode;
  name: string;
}) {
  return (
    <label className="flex items-center gap-3 min-h-11 cursor-pointer rounded-box px-2 hover:bg-base-200">
      <input
        type="checkbox"
        name={name}
        className="checkbox checkbox-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}

export function SymptomsSection({ values, set }: SectionProps) {
  const { t, i18n } = useTranslation();
  return (
    <Section title={t('declaration.sections.symptoms')} testId="section-symptoms">
      <p className="text-sm opacity-75">{t('declaration.hints.symptoms')}</p>
      <div className="grid sm:grid-cols-2 lg:grid-cols-3">
        {SYMPTOM_OPTIONS.map((o) => (
          <Check
            key={o.value}
            name={`symptom-${o.value}`}
            checked={values.symptoms[o.value]}
            onChange={(v) => set('symptoms', { ...values.symptoms, [o.value]: v })}
          >
            {pickLocale(o.label, i18n.language)}
          </Check>
        ))}
      </div>
    </Section>
  );
}

export function ContactSection({ values, set, errorOf }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Section title={t('declaration.sections.contact')} testId="section-contact">
      <p className="text-sm opacity-75">{t('declaration.hints.contact', { days: RISK_WINDOW_DAYS })}</p>
      <Check name="covidContact" checked={values.covidContact} onChange={(v) => set('covidContact', v)}>
        {t('declaration.fields.covidContact')}
      </Check>
      <Check
        name="visitedAffectedArea"
        checked={values.visitedAffectedArea}
        onChange={(v) => set('visitedAffectedArea', v)}
      >
        {t('declaration.fields.visitedAffectedArea')}
      </Check>
      <Field label={t('declaration.fields.contactNotes')} error={errorOf('contactHistory.notes')}>
        {(ctl) => (
          <textarea
            {...ctl}
            name="contactNotes"
            rows={2}
            maxLength={NOTES_MAX_LENGTH}
            className="textarea w-full"
            value={values.contactNotes}
            onChange={(e) => set('contactNotes', e.target.value)}
          />
        )}
      </Field>
    </Section>
  );
}

export function RiskZonesSection({ values, set }: SectionProps) {
  const { t, i18n } = useTranslation();
  const toggle = (zone: (typeof values.riskZones)[number], on: boolean) =>
    set('riskZones', on ? [...values.riskZones, zone] : values.riskZones.filter((z) => z !== zone));
  return (
    <Section title={t('declaration.sections.riskZones', { days: RISK_WINDOW_DAYS })} testId="section-zones">
      <div className="grid sm:grid-cols-2">
        {RISK_ZONE_OPTIONS.map((o) => (
          <Check
            key={o.value}
            name={`zone-${o.value}`}
            checked={values.riskZones.includes(o.value)}
            onChange={(v) => toggle(o.value, v)}
          >
            {pickLocale(o.label, i18n.language)}
          </Check>
        ))}
      </div>
    </Section>
  );
}
