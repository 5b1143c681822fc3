/**
 * Admin control of the N-days lock (issue 33 point 4): after how many days without reaching the
 * server a device locks and needs an online sign-in. Devices learn it at their next sign-in or
 * refresh (and from the status they poll). Checked by the shared schema (the bounds the server
 * accepts), sent with the status version seen; a conflict shows the current value again. The
 * same form as the quarantine length beside it (quarantine-days-setting.tsx).
 */
import {
  OFFLINE_LOCK_DAYS_MAX,
  OFFLINE_LOCK_DAYS_MIN,
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

const BOUNDS = { min: String(OFFLINE_LOCK_DAYS_MIN), max: String(OFFLINE_LOCK_DAYS_MAX) };

/** The box's text; named as the schema's field, so its errors land on the box. */
interface DaysForm {
  offlineLockDays: string;
}

// The setting is required here (a PUT may omit it), so the box is checked by the field as the
// status answer declares it: the same bounds, and a missing value is "required".
const resolver = schemaResolver(systemStatusAnswerSchema.pick({ offlineLockDays: true }), (v: DaysForm) => ({
  offlineLockDays: v.offlineLockDays.trim() === '' ? undefined : Number(v.offlineLockDays),
}));

export function OfflineLockDaysSetting({
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
    defaultValues: { offlineLockDays: String(days) },
  });
  const errorOf = useErrorText(formState.errors);
  const [saved, setSaved] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // A new value from the server (another admin, a sync) replaces what the box shows.
  useEffect(() => reset({ offlineLockDays: String(days) }), [days, reset]);

  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async ({ offlineLockDays }) => {
    try {
      await changeSystemStatus({ mode, offlineLockDays, version });
      setSaved(offlineLockDays);
    } catch (err) {
      const code = err instanceof ApiError ? (err.isNetwork ? 'network_error' : err.code) : 'unknown_error';
      if (code === 'validation_error')
        setError('offlineLockDays', {
          type: 'server',
          message: 'offlineLockSetting.outOfRange',
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
      data-testid="offline-lock-days-setting"
    >
      <Field
        label={t('offlineLockSetting.label')}
        hint={t('offlineLockSetting.hint', BOUNDS)}
        error={errorOf('offlineLockDays')}
      >
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              {...register('offlineLockDays')}
              type="number"
              inputMode="numeric"
              min={OFFLINE_LOCK_DAYS_MIN}
              max={OFFLINE_LOCK_DAYS_MAX}
              step={1}
              className="input input-sm w-20 min-h-11"
              disabled={disabled || busy}
              data-testid="offline-lock-days-input"
            />
            <SubmitButton busy={busy} disabled={disabled || busy} className="btn-sm btn-outline min-h-11">
              {t('offlineLockSetting.save')}
            </SubmitButton>
          </div>
        )}
      </Field>
      <AlertLine message={failure} />
      {saved !== null && (
        <p className="text-success text-xs" role="status" data-testid="offline-lock-days-saved">
          {t('offlineLockSetting.saved', { count: saved })}
        </p>
      )}
    </AppForm>
  );
}
