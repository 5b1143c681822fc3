/** A labelled input with a fixed id (tests and the label find it) and its error wired for screen readers. */
import type { ComponentPropsWithRef, ReactNode } from 'react';

export function AuthField({
  id,
  label,
  error,
  children,
  ...input
}: {
  id: string;
  label: ReactNode;
  error: string | null;
  children?: ReactNode;
} & ComponentPropsWithRef<'input'>) {
  const errorId = `${id}-error`;
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1">
        {label}
      </label>
      {children ?? (
        <input
          id={id}
          className={`input w-full ${error ? 'input-error' : ''}`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
      )}
      {error && (
        <p id={errorId} className="text-error text-sm mt-1">
          {error}
        </p>
      )}
    </div>
  );
}
