/** The "new user" form of the users screen (shared userCreateSchema rules). */
import { type AdminUser, ROLES, type UserCreate, userCreateSchema } from '@bh/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CardForm } from '../../components/form/card-form.tsx';
import { useErrorText } from '../../components/form/field-error.ts';
import { setServerFieldErrors } from '../../components/form/server-field-errors.ts';
import { schemaResolver } from '../../components/form/shared-resolver.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { FormActions } from '../../components/ui/form-actions.tsx';
import { Options } from '../../components/ui/options.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { ApiError } from '../../lib/api.ts';
import { AuthField } from '../auth/auth-field.tsx';
import { apiErrorKey } from './admin-action.tsx';
import { createUser } from './users-api.ts';

const resolver = schemaResolver(userCreateSchema);
const EMPTY: UserCreate = { name: '', email: '', role: 'officer', password: '' };

export function UserCreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (u: AdminUser) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, setError, reset, formState } = useForm<UserCreate>({
    resolver,
    mode: 'all',
    defaultValues: EMPTY,
    // This form never moved focus to an error; kept so.
    shouldFocusError: false,
  });
  const errorOf = useErrorText(formState.errors);
  const busy = formState.isSubmitting;
  const [error, setFailure] = useState<string | null>(null);

  const onSubmit = handleSubmit(async (value) => {
    try {
      onCreated(await createUser(value));
      reset();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409)
        setError('email', { type: 'server', message: 'auth.errors.emailTaken' });
      else if (!setServerFieldErrors(err, setError, ['password', 'email', 'name']))
        setFailure(apiErrorKey(err));
    }
  });

  const text = (name: 'name' | 'email' | 'password', type: string) => (
    <AuthField
      id={`new-user-${name}`}
      label={t(`users.fields.${name}`)}
      type={type}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      {...register(name)}
      error={errorOf(name)}
      hint={name === 'password' ? t('validation.password_rule') : undefined}
    />
  );

  return (
    <CardForm
      title={t('users.create.title')}
      gap="gap-1"
      onSubmit={onSubmit}
      onStart={() => setFailure(null)}
      data-testid="user-create-form"
    >
      {error && <Alert tone="error">{t(error)}</Alert>}
      <div className="grid grid-cols-1 md:grid-cols-2 gap-x-4">
        {text('name', 'text')}
        {text('email', 'email')}
        {text('password', 'password')}
        <AuthField id="new-user-role" label={t('users.fields.role')} error={errorOf('role')}>
          <select id="new-user-role" className="select w-full" {...register('role')}>
            <Options values={ROLES} label={(r) => t(`auth.roles.${r}`)} />
          </select>
        </AuthField>
      </div>
      {/* Lets the password be 8-11 characters; the server records the consent in the audit trail. */}
      <div className="flex items-center gap-2 py-1">
        <input
          id="new-user-short-password"
          type="checkbox"
          className="checkbox checkbox-sm"
          {...register('shortPasswordConsent')}
        />
        <label htmlFor="new-user-short-password" className="cursor-pointer text-base-content">
          {t('users.create.shortPasswordConsent')}
        </label>
      </div>
      <FormActions back={t('users.actions.cancel')} onBack={onCancel} quietBack>
        <SubmitButton busy={busy} className="btn-primary">
          {t('users.create.submit')}
        </SubmitButton>
      </FormActions>
    </CardForm>
  );
}
