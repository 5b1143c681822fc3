/**
 * The form of a signed-out screen (login, registration): the last failure as a translated notice,
 * the fields, and a full-width submit button that says when it is busy. `name` names the test ids
 * (`<name>-form`, `<name>-error`) and the submit texts (`auth.<name>.submit` / `.submitting`).
 */
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../components/form/app-form.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import type { Notice } from './rate-limit-notice.ts';

export function AuthForm({
  name,
  error,
  busy,
  onSubmit,
  onStart,
  onFocus,
  children,
}: {
  name: 'login' | 'register';
  error: Notice | null;
  busy: boolean;
  children: ReactNode;
} & Pick<ComponentProps<typeof AppForm>, 'onSubmit' | 'onStart' | 'onFocus'>) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <Alert tone="error" data-testid={`${name}-error`}>
          {t(error.key, error.params ?? {})}
        </Alert>
      )}
      <AppForm
        onSubmit={onSubmit}
        onStart={onStart}
        onFocus={onFocus}
        data-testid={`${name}-form`}
        className="flex flex-col gap-1"
      >
        {children}
        <SubmitButton busy={busy} className="btn-primary w-full mt-2">
          {busy ? t(`auth.${name}.submitting`) : t(`auth.${name}.submit`)}
        </SubmitButton>
      </AppForm>
    </>
  );
}
