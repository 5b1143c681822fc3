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

/**
 * The ids of a control's hint and error text, and its aria-describedby naming those shown (hint
 * first), so a screen reader reads them with the control and never points at a missing element.
 */
export function describedIds(id: string, shown: { hint: boolean; error: boolean }) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [shown.hint ? hintId : null, shown.error ? errorId : null].filter(Boolean).join(' ');
  return { hintId, errorId, describedBy: describedBy || undefined };
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
  // The hint gives way to the error.
  const showHint = Boolean(hint) && !error;
  const { hintId, errorId, describedBy } = describedIds(id, { hint: showHint, error: Boolean(error) });
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
      {showHint && (
        <p id={hintId} className="label text-xs whitespace-normal">
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
