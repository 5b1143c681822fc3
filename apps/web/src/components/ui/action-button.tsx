import type { ButtonHTMLAttributes } from 'react';

/**
 * A button that acts on a click (type="button": it never submits the form it stands in), with
 * its test id; the label is its children. Most of the app's buttons are this one.
 */
export function ActionButton({
  testId,
  className = 'btn',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { testId?: string }) {
  return <button type="button" className={className} data-testid={testId} {...props} />;
}
