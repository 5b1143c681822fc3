/**
 * One admin box for a number of days on the system status (the quarantine length, the N-days
 * lock): checked by the shared schema's field (the bounds the server accepts; a missing value is
 * "required", though a PUT may omit it), sent with the status version seen; a conflict shows the
 * current value again. quarantine-days-setting.tsx and offline-lock-setting.tsx say which field.
 */
import { type SystemMode, systemStatusAnswerSchema } from '@bh/shared';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppForm } from '../../components/form/app-form.tsx';
import { useErrorText } from '../../components/form/field-error.ts';
import { schemaResolver } from '../../components/form/shared-resolver.ts';
import { AlertLine } from '../../components/ui/alert.tsx';
import { Field } from '../../components/ui/field.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { ApiError } from '../../lib/api.ts';
import { changeSystemStatus, refreshSystemStatus } from './use-system-status.ts';

export interface DaysSettingProps {
  mode: SystemMode;
  days: number;
  version: number;
  disabled?: boolean;
}

interface DaysKind {
  /** The status field it sets. */
  field: 'quarantineDays' | 'offlineLockDays';
  min: number;
  max: number;
  /** The texts' feature (label, hint, save, saved, outOfRange). */
  texts: string;
  /** Test ids: `<testId>-setting`, `-input`, `-saved`. */
  testId: string;
}

export function DaysSetting({ kind, mode, days, version, disabled }: DaysSettingProps & { kind: DaysKind }) {
  const { t } = useTranslation();
  const bounds = { min: String(kind.min), max: String(kind.max) };
  const resolver = useMemo(
    () =>
      schemaResolver(
        z.object({ days: systemStatusAnswerSchema.shape[kind.field] }),
        (v: { days: string }) => ({
          days: v.days.trim() === '' ? undefined : Number(v.days),
        }),
      ),
    [kind.field],
  );
  const { register, handleSubmit, reset, setError, formState } = useForm({
    resolver,
    defaultValues: { days: String(days) },
  });
  const errorOf = useErrorText(formState.errors);
  const [saved, setSaved] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new value from the server (another admin, a sync) replaces what the box shows.
  useEffect(() => reset({ days: String(days) }), [days, reset]);

  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async ({ days: value }) => {
    try {
      await changeSystemStatus({
        mode,
        version,
        ...(kind.field === 'quarantineDays' ? { quarantineDays: value } : { offlineLockDays: value }),
      });
      setSaved(value);
    } catch (err) {
      const code = err instanceof ApiError ? (err.isNetwork ? 'network_error' : err.code) : 'unknown_error';
      if (code === 'validation_error')
        setError('days', { type: 'server', message: `${kind.texts}.outOfRange`, types: bounds });
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
      data-testid={`${kind.testId}-setting`}
    >
      <Field label={t(`${kind.texts}.label`)} hint={t(`${kind.texts}.hint`, bounds)} error={errorOf('days')}>
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              {...register('days')}
              type="number"
              inputMode="numeric"
              min={kind.min}
              max={kind.max}
              step={1}
              className="input input-sm w-20 min-h-11"
              disabled={disabled || busy}
              data-testid={`${kind.testId}-input`}
            />
            <SubmitButton busy={busy} disabled={disabled || busy} className="btn-sm btn-outline min-h-11">
              {t(`${kind.texts}.save`)}
            </SubmitButton>
          </div>
        )}
      </Field>
      <AlertLine message={failure} />
      {saved !== null && (
        <p className="text-success text-xs" role="status" data-testid={`${kind.testId}-saved`}>
          {t(`${kind.texts}.saved`, { count: saved })}
        </p>
      )}
    </AppForm>
  );
}
