/**
 * Change password: current, new and confirmation, checked by the shared changePasswordSchema
 * (the server checks the same), with the rules listed above the fields. Other devices are
 * signed out by the server; this device keeps its session and its offline verifier is
 * renewed with the new password.
 */
import { type ChangePassword, changePasswordSchema, PASSWORD_MIN_LENGTH } from '@bh/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CardForm } from '../../components/form/card-form.tsx';
import { useErrorText } from '../../components/form/field-error.ts';
import { schemaResolver } from '../../components/form/shared-resolver.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { ApiError } from '../../lib/api.ts';
import { rewrapKey } from '../../lib/device-key.ts';
import type { SessionUser } from '../../lib/session.ts';
import { AuthField } from '../auth/auth-field.tsx';
import { saveOfflineVerifier } from '../auth/offline-verifier.ts';
import { OnlineSubmit } from './online-submit.tsx';
import { changePassword, serverFieldErrors } from './profile-api.ts';

const resolver = schemaResolver(changePasswordSchema);
const EMPTY: ChangePassword = { currentPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

export function ChangePasswordForm({ user, online }: { user: SessionUser; online: boolean }) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, reset, formState } = useForm<ChangePassword>({
    resolver,
    defaultValues: EMPTY,
  });
  const errorOf = useErrorText(formState.errors);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const onSubmit = handleSubmit(async (form) => {
    try {
      await changePassword(form);
      await saveOfflineVerifier(user.email, form.newPassword, user).catch(() => {});
      // The device's wrapped key follows the new password (docs/decisions/016-encryption-at-rest.md).
      await rewrapKey(user.id, form.currentPassword, form.newPassword).catch(() => false);
      reset(EMPTY);
      setMessage({ tone: 'success', text: t('profile.password.changed') });
    } catch (err) {
      const fields = serverFieldErrors(err);
      for (const f of fields) {
        const field = FIELDS.find((name) => name === f.field);
        if (field) setError(field, { type: 'server', message: f.code });
      }
      if (fields.length === 0) {
        const code = err instanceof ApiError ? (err.isNetwork ? 'network_error' : err.code) : 'unknown_error';
        setMessage({ tone: 'error', text: t(`errors.${code}`, { defaultValue: t('errors.unknown_error') }) });
      }
    }
  });

  return (
    <CardForm
      title={t('profile.password.title')}
      onSubmit={onSubmit}
      onStart={() => setMessage(null)}
      data-testid="change-password-form"
    >
      <div className="text-sm">
        <p className="font-medium">{t('profile.password.rulesTitle')}</p>
        <ul className="list-disc ps-5 opacity-80" data-testid="password-rules">
          <li>{t('profile.password.ruleLength', { min: PASSWORD_MIN_LENGTH })}</li>
          <li>{t('profile.password.ruleMix')}</li>
          <li>{t('profile.password.ruleDifferent')}</li>
          <li>{t('profile.password.ruleSignOut')}</li>
        </ul>
      </div>
      {message && (
        <Alert tone={message.tone} data-testid="password-message">
          {message.text}
        </Alert>
      )}
      <input type="text" autoComplete="username" value={user.email} readOnly hidden />
      {FIELDS.map((name) => (
        <AuthField
          key={name}
          id={`profile-${name}`}
          label={t(`profile.password.${name}`)}
          type="password"
          autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
          {...register(name)}
          error={errorOf(name)}
        />
      ))}
      {!online && (
        <p className="text-sm text-warning-content bg-warning/20 rounded-box p-2">{t('profile.offline')}</p>
      )}
      <OnlineSubmit busy={formState.isSubmitting} online={online}>
        {t('profile.password.submit')}
      </OnlineSubmit>
    </CardForm>
  );
}
