/**
 * A quarantine check-in (temperature, symptoms, note): validated with the shared check-in schema,
 * saved on the device with its outbox row (works offline), pushed by the sync engine.
 */
import {
  type CheckInInput,
  checkInInputSchema,
  decimalInput,
  localDate,
  NO_SYMPTOMS,
  pickLocale,
  SYMPTOM_OPTIONS,
  type Symptoms,
} from '@bh/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../components/form/app-form.tsx';
import { useErrorText } from '../../components/form/field-error.ts';
import { schemaResolver } from '../../components/form/shared-resolver.ts';
import { Field } from '../../components/ui/field.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { recordCheckIn } from '../../db/lifecycle-repo.ts';
import { useActor } from './use-lifecycle.ts';

interface CheckInValues {
  temperature: string;
  symptoms: Symptoms;
  note: string;
}

/**
 * The form's values as the shared schema's input (the day and time are the device's, at submit);
 * the temperature is read with a decimal comma or point, whatever the language (37,8 or 37.8).
 */
const toInput = (travelerId: string) => (v: CheckInValues) => ({
  travelerId,
  date: localDate(),
  checkedAt: new Date().toISOString(),
  temperature: decimalInput(v.temperature),
  symptoms: v.symptoms,
  note: v.note.trim() || null,
});

export function CheckInForm({ travelerId }: { travelerId: string }) {
  const { t, i18n } = useTranslation();
  const { actor } = useActor();
  const [notice, setNotice] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm<CheckInValues, unknown, CheckInInput>({
    resolver: schemaResolver(checkInInputSchema, toInput(travelerId)),
    defaultValues: { temperature: '', symptoms: { ...NO_SYMPTOMS }, note: '' },
  });
  const errorOf = useErrorText(formState.errors);

  const onSubmit = handleSubmit(async (value) => {
    if (!actor) return;
    const { date: _d, checkedAt: _c, ...fields } = value;
    await recordCheckIn(fields, actor);
    reset();
    setNotice(t('lifecycle.quarantine.checkIn.saved'));
  });

  return (
    <AppForm
      onSubmit={onSubmit}
      onStart={() => setNotice(null)}
      className="border border-base-300 rounded-box p-3 mt-2"
      data-testid="check-in-form"
    >
      <h4 className="font-semibold">{t('lifecycle.quarantine.checkIn.title')}</h4>
      <Field label={t('lifecycle.quarantine.checkIn.temperature')} error={errorOf('temperature')} required>
        {(props) => (
          <input
            {...props}
            {...register('temperature')}
            className="input w-32"
            inputMode="decimal"
            data-testid="check-in-temperature"
          />
        )}
      </Field>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm my-1">
        <legend className="mb-1">{t('lifecycle.quarantine.checkIn.symptoms')}</legend>
        {SYMPTOM_OPTIONS.map((s) => (
          <label key={s.value} className="flex items-center gap-1">
            <input type="checkbox" className="checkbox checkbox-sm" {...register(`symptoms.${s.value}`)} />
            {pickLocale(s.label, i18n.language)}
          </label>
        ))}
      </fieldset>
      <Field label={t('lifecycle.quarantine.checkIn.note')} error={errorOf('note')}>
        {(props) => (
          <textarea
            {...props}
            {...register('note')}
            className="textarea textarea-sm w-full"
            maxLength={1000}
          />
        )}
      </Field>
      <div className="flex items-center gap-2 mt-1">
        <SubmitButton busy={formState.isSubmitting} className="btn-primary" data-testid="check-in-save">
          {t('lifecycle.quarantine.checkIn.submit')}
        </SubmitButton>
        {notice && (
          <output className="text-success text-sm" aria-live="polite" data-testid="check-in-saved">
            {notice}
          </output>
        )}
      </div>
    </AppForm>
  );
}
