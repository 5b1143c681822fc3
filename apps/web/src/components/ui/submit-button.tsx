/** A form's submit button: disabled and marked busy while the form is being sent, with a spinner. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

export function SubmitButton({
  busy,
  className = '',
  children,
  ...rest
}: {
  busy: boolean;
  /** Button classes after "btn", e.g. "btn-primary w-full". */
  className?: string;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'children'>) {
  return (
    <button type="submit" className={`btn ${className}`.trim()} disabled={busy} aria-busy={busy} {...rest}>
      {busy && <Spinner size="sm" />}
      {children}
    </button>
  );
}
