/**
 * /profile: who is signed in (name editable; e-mail and role as the server has them), the
 * language and theme, this device's session with the offline sign-in window, and the
 * change-password form. Works offline from the cached profile (editing needs the network).
 */
import { type ProfileUpdate, profileUpdateSchema } from '@bh/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../components/form/app-form.tsx';
import { useErrorText } from '../../components/form/field-error.ts';
import { schemaResolver } from '../../components/form/shared-resolver.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { LanguageSwitcher } from '../../components/ui/language-switcher.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { ThemeToggle } from '../../components/ui/theme-toggle.tsx';
import { getSession, type SessionUser, setSession, useSession } from '../../lib/session.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';
import { AuthField } from '../auth/auth-field.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { OnlineSubmit } from './online-submit.tsx';
import { serverFieldErrors, updateProfile } from './profile-api.ts';
import { SessionCard } from './session-card.tsx';

const resolver = schemaResolver(profileUpdateSchema);

function NameForm({ user, online }: { user: SessionUser; online: boolean }) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, formState } = useForm<ProfileUpdate>({
    resolver,
    defaultValues: { name: user.name },
  });
  const errorOf = useErrorText(formState.errors);
  const [saved, setSaved] = useState<boolean | null>(null);
  const onSubmit = handleSubmit(async (update) => {
    try {
      const fresh = await updateProfile(update);
      const session = getSession();
      if (session) setSession({ ...session, user: fresh });
      setSaved(true);
    } catch (err) {
      const fields = serverFieldErrors(err);
      for (const f of fields) if (f.field === 'name') setError('name', { type: 'server', message: f.code });
      setSaved(fields.length > 0 ? null : false);
    }
  });
  return (
    <AppForm onSubmit={onSubmit} onStart={() => setSaved(null)} data-testid="profile-form">
      {saved === true && <Alert tone="success">{t('profile.saved')}</Alert>}
      {saved === false && <Alert tone="error">{t('errors.unknown_error')}</Alert>}
      <AuthField
        id="profile-name"
        label={t('profile.name')}
        autoComplete="name"
        {...register('name')}
        error={errorOf('name')}
      />
      <OnlineSubmit busy={formState.isSubmitting} online={online}>
        {t('profile.save')}
      </OnlineSubmit>
    </AppForm>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const session = useSession();
  const { isOnline } = useSyncState();
  if (!session) return null;
  const { user } = session;
  return (
    <div className="flex flex-col gap-4 max-w-3xl mx-auto" data-testid="profile-page">
      <h1 className="text-xl sm:text-2xl font-bold">{t('profile.title')}</h1>
      <SectionCard id="profile-who" title={t('profile.who')} gap="gap-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="opacity-80">{t('profile.email')}</dt>
          <dd className="break-all" data-testid="profile-email">
            {user.email}
          </dd>
          <dt className="opacity-80">{t('profile.role')}</dt>
          <dd>
            <Badge variant="primary" size="sm">
              {t(`layout.roles.${user.role}`)}
            </Badge>
          </dd>
        </dl>
        <NameForm key={user.name} user={user} online={isOnline} />
      </SectionCard>
      <SectionCard id="profile-prefs" title={t('profile.preferences')} gap="gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-sm opacity-80">{t('profile.language')}</span>
          <LanguageSwitcher />
        </div>
        <div className="max-w-72">
          <ThemeToggle withLabel />
        </div>
      </SectionCard>
      <SessionCard user={user} token={session.token} />
      <ChangePasswordForm user={user} online={isOnline} />
    </div>
  );
}
