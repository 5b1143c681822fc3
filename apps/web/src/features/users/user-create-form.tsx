/** The "new user" form of the users screen (shared userCreateSchema rules). */
import { ROLES, type Role, userCreateSchema } from '@bh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { AuthField } from '../auth/auth-field.tsx';
import { useValidatedForm } from '../auth/use-validated-form.ts';
import { type AdminUser, createUser } from './users-api.ts';

export function UserCreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (u: AdminUser) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useValidatedForm(userCreateSchema, {
    name: '',
    email: '',
    role: 'officer' as Role,
    password: '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const v = form.values;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const checked = form.submit();
    if (!checked.ok) return;
    setBusy(true);
    try {
      onCreated(await createUser(checked.value as typeof v));
      form.reset();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409)
        form.setServerError('email', 'auth.errors.emailTaken');
      else
        setError(
          err instanceof ApiError
            ? `errors.${err.isNetwork ? 'network_error' : err.code}`
            : 'errors.unknown_error',
        );
    } finally {
      setBusy(false);
    }
  };

  const text = (name: 'name' | 'email' | 'password', type: string) => (
    <AuthField
      id={`new-user-${name}`}
      label={t(`users.fields.${name}`)}
      type={type}
      autoComplete={type === 'password' ? 'new-password' : 'off'}
      value={v[name]}
      onChange={(e) => form.setField(name, e.target.value)}
      onBlur={() => form.blur(name)}
      error={form.errorOf(name)}
    />
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="card bg-base-100 shadow-sm"
      data-testid="user-create-form"
    >
      <div className="card-body gap-1">
        <h2 className="card-title text-lg">{t('users.create.title')}</h2>
        {error && (
          <div role="alert" className="alert alert-error alert-soft">
            {t(error)}
          </div>
        )}
        <div className="grid grid-cols-1 md:grid-cols-2 gap-x-4">
          {text('name', 'text')}
          {text('email', 'email')}
          {text('password', 'password')}
          <AuthField id="new-user-role" label={t('users.fields.role')} error={form.errorOf('role')}>
            <select
              id="new-user-role"
              className="select w-full"
              value={v.role}
              onChange={(e) => form.setField('role', e.target.value as Role)}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`auth.roles.${r}`)}
                </option>
              ))}
            </select>
          </AuthField>
        </div>
        <div className="card-actions justify-end mt-2">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {t('users.actions.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('users.create.submit')}
          </button>
        </div>
      </div>
    </form>
  );
}
