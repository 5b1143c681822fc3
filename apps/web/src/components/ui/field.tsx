/**
 * A labelled form control with its error text wired through aria-describedby / aria-invalid.
 * The child receives the ids through a render function so any input, select or textarea works.
 */
import { type ReactNode, useId } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

export function Field({
  label,
  error,
  hint,
  required,
  children,
}: {
  label: ReactNode;
  /** Already translated error text. */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1">
        {label}
        {required && (
          <span className="text-error" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        'aria-required': required,
      })}
      {hint && !error && (
        <p id={hintId} className="label text-xs">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-error text-sm" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
