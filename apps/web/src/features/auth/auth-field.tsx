/** A labelled input with a fixed id (tests and the label find it) and its error wired for screen readers. */
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { describedIds } from '../../components/ui/field.tsx';

export function AuthField({
  id,
  label,
  error,
  hint,
  children,
  ...input
}: {
  id: string;
  label: ReactNode;
  error: string | null;
  /** A rule shown under the input (e.g. the password rule), read with it by screen readers. */
  hint?: string;
  children?: ReactNode;
} & ComponentPropsWithRef<'input'>) {
  const { hintId, errorId, describedBy } = describedIds(id, { hint: Boolean(hint), error: Boolean(error) });
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
          aria-describedby={describedBy}
          {...input}
        />
      )}
      {hint && (
        <p id={hintId} className="text-base-content/70 text-sm mt-1">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-error text-sm mt-1">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label on the end side (remember me, terms) and its error under it. */
export function AuthCheckbox({
  id,
  label,
  error = null,
  labelClassName,
  ...input
}: {
  id: string;
  label: ReactNode;
  error?: string | null;
  /** Extra classes of the label, e.g. "w-fit" or "whitespace-normal". */
  labelClassName: string;
} & ComponentPropsWithRef<'input'>) {
  const { errorId, describedBy } = describedIds(id, { hint: false, error: Boolean(error) });
  return (
    <>
      <label htmlFor={id} className={`label cursor-pointer gap-2 py-2 ${labelClassName}`}>
        <input
          id={id}
          type="checkbox"
          className="checkbox checkbox-sm checkbox-primary"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          {...input}
        />
        <span className="text-base-content">{label}</span>
      </label>
      {error && (
        <p id={errorId} className="text-error text-sm">
          {error}
        </p>
      )}
    </>
  );
}
