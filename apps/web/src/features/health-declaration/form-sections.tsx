/**
 * Basic info and health info sections of the declaration form (labelled controls with their
 * errors through the shared Field).
 */
import { TEXT_MAX_LENGTH, VACCINATION_STATUS_OPTIONS } from '@bh/shared';
import type { ReactNode } from 'react';
import type { FieldPath, FieldPathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/ui/field.tsx';
import { LocalizedOptions } from '../../components/ui/options.tsx';
import { formatDecimal } from '../../i18n/format.ts';
import type { FormValues } from './form-values.ts';

export interface SectionProps {
  values: FormValues;
  set: <K extends FieldPath<FormValues>>(name: K, value: FieldPathValue<FormValues, K>) => void;
  /** Translated error of a field (dotted path), or null. */
  errorOf: (field: string) => string | null;
}

export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <fieldset className="card bg-base-100 border border-base-300 shadow-sm" data-testid={testId}>
      <div className="card-body p-4 sm:p-6 gap-1">
        <legend className="card-title text-base sm:text-lg float-left w-full">{title}</legend>
        {children}
      </div>
    </fieldset>
  );
}

type TextName =
  | 'fullName'
  | 'passportNumber'
  | 'phone'
  | 'email'
  | 'medications'
  | 'allergies'
  | 'medicalHistory';

function TextInput({
  name,
  label,
  props,
  required,
  type = 'text',
  autoComplete,
  inputMode,
}: {
  name: TextName;
  label: string;
  props: SectionProps;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: 'tel' | 'email' | 'text';
}) {
  return (
    <Field label={label} error={props.errorOf(name)} required={required}>
      {(ctl) => (
        <input
          {...ctl}
          name={name}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          className={`input w-full ${ctl['aria-invalid'] ? 'input-error' : ''}`}
          value={props.values[name]}
          onChange={(e) => props.set(name, e.target.value)}
        />
      )}
    </Field>
  );
}

export function BasicInfoSection(props: SectionProps) {
  const { t } = useTranslation();
  return (
    <Section title={t('declaration.sections.basic')} testId="section-basic">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextInput
          name="fullName"
          label={t('declaration.fields.fullName')}
          props={props}
          required
          autoComplete="off"
        />
        <TextInput
          name="passportNumber"
          label={t('declaration.fields.passportNumber')}
          props={props}
          required
          autoComplete="off"
        />
        <TextInput
          name="phone"
          label={t('declaration.fields.phone')}
          props={props}
          required
          type="tel"
          inputMode="tel"
          autoComplete="off"
        />
        <TextInput
          name="email"
          label={t('declaration.fields.email')}
          props={props}
          type="email"
          inputMode="email"
          autoComplete="off"
        />
      </div>
    </Section>
  );
}

export function HealthInfoSection(props: SectionProps) {
  const { t } = useTranslation();
  const { values, set, errorOf } = props;
  const textArea = (name: 'medications' | 'allergies' | 'medicalHistory') => (
    <Field label={t(`declaration.fields.${name}`)} error={errorOf(name)}>
      {(ctl) => (
        <textarea
          {...ctl}
          name={name}
          rows={2}
          maxLength={TEXT_MAX_LENGTH}
          className="textarea w-full"
          value={values[name]}
          onChange={(e) => set(name, e.target.value)}
        />
      )}
    </Field>
  );
  return (
    <Section title={t('declaration.sections.health')} testId="section-health">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          label={t('declaration.fields.bodyTemperature')}
          error={errorOf('bodyTemperature')}
          required
          hint={t('declaration.hints.temperature')}
        >
          {(ctl) => (
            <input
              {...ctl}
              name="bodyTemperature"
              inputMode="decimal"
              autoComplete="off"
              placeholder={formatDecimal(36.5)}
              className={`input w-full ${ctl['aria-invalid'] ? 'input-error' : ''}`}
              value={values.bodyTemperature}
              onChange={(e) => set('bodyTemperature', e.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('declaration.fields.vaccinationStatus')}
          error={errorOf('vaccinationStatus')}
          required
        >
          {(ctl) => (
            <select
              {...ctl}
              name="vaccinationStatus"
              className={`select w-full ${ctl['aria-invalid'] ? 'select-error' : ''}`}
              value={values.vaccinationStatus}
              onChange={(e) => set('vaccinationStatus', e.target.value)}
            >
              <option value="">{t('declaration.fields.vaccinationPlaceholder')}</option>
              <LocalizedOptions options={VACCINATION_STATUS_OPTIONS} />
            </select>
          )}
        </Field>
        {textArea('medications')}
        {textArea('allergies')}
        <div className="sm:col-span-2">{textArea('medicalHistory')}</div>
      </div>
    </Section>
  );
}

/**
 * The last card of a declaration: the traveller's commitment that the answers are true, then what
 * the form shows under it (its alerts and buttons).
 */
export function CommitmentCard({
  checked,
  invalid,
  onChange,
  children,
}: {
  checked: boolean;
  invalid: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="card bg-base-100 border border-base-300 shadow-sm">
      <div className="card-body p-4 sm:p-6 gap-3">
        <label className="flex items-start gap-3 cursor-pointer">
          <input
            type="checkbox"
            name="commitment"
            className={`checkbox checkbox-primary mt-0.5 ${invalid ? 'checkbox-error' : ''}`}
            checked={checked}
            aria-invalid={invalid}
            onChange={(e) => onChange(e.target.checked)}
          />
          <span>{t('declaration.fields.commitment')}</span>
        </label>
        {children}
      </div>
    </div>
  );
}
