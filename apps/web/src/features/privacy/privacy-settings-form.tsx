/**
 * The admin's privacy settings: the retention period in months (the shared bounds) and the
 * contact travellers are told to ask. Checked by the shared schema before sending (translated
 * messages); sent with the version seen, a conflict shows the current values again.
 */
import {
  PRIVACY_CONTACT_MAX,
  type PrivacySettings,
  privacySettingsUpdateSchema,
  RETENTION_MONTHS_MAX,
  RETENTION_MONTHS_MIN,
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
import { savePrivacySettings } from './privacy-api.ts';

/** The boxes' texts; named as the schema's fields, so their errors land on them. */
interface SettingsForm {
  retentionMonths: string;
  contact: string;
  version: number;
}

const resolver = schemaResolver(privacySettingsUpdateSchema, (v: SettingsForm) => ({
  retentionMonths: v.retentionMonths.trim() === '' ? undefined : Number(v.retentionMonths),
  contact: v.contact,
  version: v.version,
}));

const formOf = (s: PrivacySettings): SettingsForm => ({
  retentionMonths: String(s.retentionMonths),
  contact: s.contact,
  version: s.version,
});

export function PrivacySettingsForm({
  settings,
  onSaved,
  onConflict,
}: {
  settings: PrivacySettings;
  onSaved: (settings: PrivacySettings) => void;
  /** Another admin saved meanwhile: load the current settings again. */
  onConflict: () => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, reset, formState } = useForm({ resolver, defaultValues: formOf(settings) });
  const errorOf = useErrorText(formState.errors);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => reset(formOf(settings)), [settings, reset]);

  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async (update) => {
    try {
      onSaved(await savePrivacySettings(update));
      setSaved(true);
    } catch (err) {
      const code = err instanceof ApiError ? (err.isNetwork ? 'network_error' : err.code) : 'unknown_error';
      setFailure(
        code === 'conflict'
          ? t('dataPrivacy.settings.conflict')
          : t(`errors.${code}`, { defaultValue: t('errors.unknown_error') }),
      );
      if (code === 'conflict') onConflict();
    }
  });

  return (
    <AppForm
      onSubmit={onSubmit}
      onStart={() => {
        setSaved(false);
        setFailure(null);
      }}
      className="flex flex-col gap-3 max-w-xl"
      data-testid="privacy-settings-form"
    >
      <Field
        label={t('dataPrivacy.settings.retention')}
        hint={t('dataPrivacy.settings.retentionHint', {
          min: RETENTION_MONTHS_MIN,
          max: RETENTION_MONTHS_MAX,
        })}
        error={errorOf('retentionMonths')}
      >
        {(control) => (
          <input
            {...control}
            {...register('retentionMonths')}
            type="number"
            inputMode="numeric"
            min={RETENTION_MONTHS_MIN}
            max={RETENTION_MONTHS_MAX}
            step={1}
            className="input w-32 min-h-11"
            disabled={busy}
            data-testid="privacy-retention-input"
          />
        )}
      </Field>
      <Field
        label={t('dataPrivacy.settings.contact')}
        hint={t('dataPrivacy.settings.contactHint', { max: PRIVACY_CONTACT_MAX })}
        error={errorOf('contact')}
      >
        {(control) => (
          <input
            {...control}
            {...register('contact')}
            className="input w-full min-h-11"
            disabled={busy}
            data-testid="privacy-contact-input"
          />
        )}
      </Field>
      <AlertLine message={failure} />
      {saved && (
        <p className="text-success text-sm" role="status" data-testid="privacy-settings-saved">
          {t('dataPrivacy.settings.saved')}
        </p>
      )}
      <SubmitButton busy={busy} disabled={busy} className="btn-primary self-start min-h-11">
        {t('dataPrivacy.settings.save')}
      </SubmitButton>
    </AppForm>
  );
}
