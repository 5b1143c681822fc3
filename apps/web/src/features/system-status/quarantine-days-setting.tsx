/**
 * Admin control of the quarantine length: how many days of daily check-ins a quarantine that
 * starts from now on gets (a running quarantine keeps the length it started with, the server
 * stores it on the traveller). Checked by the shared schema (the bounds the server accepts),
 * sent with the status version seen; a conflict shows the current value again.
 */
import {
  QUARANTINE_DAYS_MAX,
  QUARANTINE_DAYS_MIN,
  type SystemMode,
  systemStatusAnswerSchema,
} from '@bh/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../components/form/app-form.tsx';
import { useErrorText } from '../../components/form/field-error.ts';
import { schemaResolver } from '../../components/form/shared-resolver.ts';
import { AlertLine } from '../../components/ui/alert.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { ApiError } from '../../lib/api.ts';
import { changeSystemStatus, refreshSystemStatus } from './use-system-status.ts';

const BOUNDS = { min: String(QUARANTINE_DAYS_MIN), max: String(QUARANTINE_DAYS_MAX) };

/** The box's text; named as the schema's field, so its errors land on the box. */
interface DaysForm {
  quarantineDays: string;
}

// The setting is required here (a PUT may omit it), so the box is checked by the field as the
// status answer declares it: the same bounds, and a missing value is "required".
const resolver = schemaResolver(systemStatusAnswerSchema.pick({ quarantineDays: true }), (v: DaysForm) => ({
  quarantineDays: v.quarantineDays.trim() === '' ? undefined : Number(v.quarantineDays),
}));

export function QuarantineDaysSetting({
  mode,
  days,
  version,
  disabled,
}: {
  mode: SystemMode;
  days: number;
  version: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, reset, setError, formState } = useForm({
    resolver,
    defaultValues: { quarantineDays: String(days) },
  });
  const errorOf = useErrorText(formState.errors);
  const [saved, setSaved] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new value from the server (another admin, a sync) replaces what the box shows.
  useEffect(() => reset({ quarantineDays: String(days) }), [days, reset]);

  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async ({ quarantineDays }) => {
    try {
      await changeSystemStatus({ mode, quarantineDays, version });
      setSaved(quarantineDays);
    } catch (err) {
      const code = err instanceof ApiError ? (err.isNetwork ? 'network_error' : err.code) : 'unknown_error';
      if (code === 'validation_error')
        setError('quarantineDays', {
          type: 'server',
          message: 'quarantineSetting.outOfRange',
          types: BOUNDS,
        });
      else setFailure(t(`errors.${code}`, { defaultValue: t('errors.unknown_error') }));
      // A conflict means someone else changed the status: show the current value.
      await refreshSystemStatus();
    }
  });

  return (
    <AppForm
      onSubmit={onSubmit}
      onStart={() => {
        setSaved(null);
        setFailure(null);
      }}
      className="w-full"
      data-testid="quarantine-days-setting"
    >
      <Field
        label={t('quarantineSetting.label')}
        hint={t('quarantineSetting.hint', BOUNDS)}
        error={errorOf('quarantineDays')}
      >
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              {...register('quarantineDays')}
              type="number"
              inputMode="numeric"
              min={QUARANTINE_DAYS_MIN}
              max={QUARANTINE_DAYS_MAX}
              step={1}
              className="input input-sm w-20 min-h-11"
              disabled={disabled || busy}
              data-testid="quarantine-days-input"
            />
            <SubmitButton busy={busy} disabled={disabled || busy} className="btn-sm btn-outline min-h-11">
              {t('quarantineSetting.save')}
            </SubmitButton>
          </div>
        )}
      </Field>
      <AlertLine message={failure} />
      {saved !== null && (
        <p className="text-success text-xs" role="status" data-testid="quarantine-days-saved">
          {t('quarantineSetting.saved', { count: saved })}
        </p>
      )}
    </AppForm>
  );
}
