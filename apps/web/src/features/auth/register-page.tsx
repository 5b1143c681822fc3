/**
 * Registration (/auth/register): files an account request that an administrator approves.
 * Rules are the shared registration schema (name 2-50, e-mail, password of 12+ characters not
 * containing the e-mail's name, confirmation,
 * age 18-120, gender, terms) and the post asked for, chosen among the open posts when the server
 * lists them (GET /api/posts/public); that post's supervisors may then decide the request.
 */
import {
  GENDERS,
  type PublicPostList,
  postName,
  type RegistrationForm,
  registrationFormSchema,
} from '@bh/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../components/form/field-error.ts';
import { setServerFieldErrors } from '../../components/form/server-field-errors.ts';
import { schemaResolver } from '../../components/form/shared-resolver.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Options } from '../../components/ui/options.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { AuthCard, AuthSwitch } from './auth-card.tsx';
import { AuthCheckbox, AuthField } from './auth-field.tsx';
import { AuthForm } from './auth-form.tsx';
import { type Notice, rateLimitNotice } from './rate-limit-notice.ts';

interface RegisterValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  age: number | undefined;
  /** '' until one is chosen ("required", not "invalid"). */
  gender: string;
  /** '' until one is chosen. */
  postId: string;
  terms: boolean;
}

const INITIAL: RegisterValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  age: undefined,
  gender: '',
  postId: '',
  terms: false,
};

const resolver = schemaResolver(registrationFormSchema, (v: RegisterValues) => ({
  ...v,
  gender: v.gender || undefined,
  postId: v.postId || undefined,
}));

type PublicPost = PublicPostList['items'][number];

/** The open posts one may ask to work at; empty when the server cannot be asked. */
function usePublicPosts(): PublicPost[] {
  const [posts, setPosts] = useState<PublicPost[]>([]);
  useEffect(() => {
    if (!navigator.onLine) return;
    let live = true;
    api
      .get<PublicPostList>('/api/posts/public', { noRefresh: true, timeoutMs: 10_000 })
      .then((list) => live && setPosts(list.items))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return posts;
}

export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const posts = usePublicPosts();
  const { register, handleSubmit, setError, formState } = useForm<RegisterValues, unknown, RegistrationForm>({
    resolver,
    mode: 'all',
    defaultValues: INITIAL,
  });
  const errorOf = useErrorText(formState.errors);
  const [busy, setBusy] = useState(false);
  const [error, setFailure] = useState<Notice | null>(null);
  const [done, setDone] = useState(false);

  const onSubmit = handleSubmit(async (value) => {
    // Asked for whenever the posts could be listed.
    if (posts.length > 0 && !value.postId) {
      setError('postId', { type: 'required', message: 'validation.required' });
      return;
    }
    setBusy(true);
    try {
      await api.post('/api/auth/register', value, { noRefresh: true });
      setDone(true);
    } catch (err) {
      // The server answers the same 202 for a known e-mail (no enumeration): nothing to show
      // on the e-mail field; the success text says to check with the administrator. A password
      // the server refuses (common, or containing the e-mail's name) shows on its field.
      if (setServerFieldErrors(err, setError, ['password', 'email', 'name'])) return;
      const limited = rateLimitNotice(err, 'auth.register.rateLimited');
      if (limited) setFailure(limited);
      else if (err instanceof ApiError && err.isNetwork) setFailure({ key: 'auth.register.offline' });
      else setFailure({ key: 'auth.loginServerError' });
    } finally {
      setBusy(false);
    }
  });

  const field = (
    name: 'name' | 'email' | 'password' | 'confirmPassword',
    type: string,
    autoComplete: string,
  ) => (
    <AuthField
      id={`register-${name}`}
      label={t(`auth.register.${name}`)}
      type={type}
      autoComplete={autoComplete}
      {...register(name)}
      error={errorOf(name)}
      hint={name === 'password' ? t('validation.password_rule') : undefined}
    />
  );
  const genderError = errorOf('gender');
  const postError = errorOf('postId');

  return (
    <AuthCard title={t('auth.register.title')} wide>
      {done ? (
        <>
          <Alert tone="success" data-testid="register-success">
            {t('auth.register.success')}
          </Alert>
          <Link to="/login" className="btn btn-primary">
            {t('auth.register.backToLogin')}
          </Link>
        </>
      ) : (
        <>
          <p className="text-center text-base-content/70">{t('auth.register.intro')}</p>
          <AuthForm
            name="register"
            error={error}
            busy={busy}
            onSubmit={onSubmit}
            onStart={() => setFailure(null)}
          >
            {field('name', 'text', 'name')}
            {field('email', 'email', 'email')}
            {field('password', 'password', 'new-password')}
            {field('confirmPassword', 'password', 'new-password')}
            <div className="grid grid-cols-1 sm:grid-cols-2 gap-x-3">
              <AuthField
                id="register-age"
                label={t('auth.register.age')}
                type="number"
                inputMode="numeric"
                min={18}
                max={120}
                {...register('age', {
                  setValueAs: (raw: unknown) => (raw === '' || raw === undefined ? undefined : Number(raw)),
                })}
                error={errorOf('age')}
              />
              <AuthField id="register-gender" label={t('auth.register.gender')} error={genderError}>
                <select
                  id="register-gender"
                  className={`select w-full ${genderError ? 'select-error' : ''}`}
                  {...register('gender')}
                  aria-invalid={Boolean(genderError)}
                  aria-describedby={genderError ? 'register-gender-error' : undefined}
                >
                  <option value="">{t('auth.register.chooseGender')}</option>
                  <Options values={GENDERS} label={(g) => t(`auth.genders.${g}`)} />
                </select>
              </AuthField>
            </div>
            {posts.length > 0 && (
              <AuthField id="register-post" label={t('auth.register.post')} error={postError}>
                <select
                  id="register-post"
                  className={`select w-full ${postError ? 'select-error' : ''}`}
                  {...register('postId')}
                  aria-invalid={Boolean(postError)}
                  aria-describedby={postError ? 'register-post-error' : undefined}
                >
                  <option value="">{t('auth.register.choosePost')}</option>
                  {posts.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.code} · {postName(p, i18n.language)}
                    </option>
                  ))}
                </select>
              </AuthField>
            )}
            <AuthCheckbox
              id="register-terms"
              label={t('auth.register.terms')}
              labelClassName="whitespace-normal"
              error={errorOf('terms')}
              {...register('terms')}
            />
          </AuthForm>
          <AuthSwitch to="login" />
        </>
      )}
    </AuthCard>
  );
}
