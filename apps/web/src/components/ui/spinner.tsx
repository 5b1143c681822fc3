/**
 * The one loading indicator. With a label it is a status for screen readers (a page or panel
 * loading); without one it is decoration next to a busy button's own text.
 */
type SpinnerSize = 'xs' | 'sm' | 'md' | 'lg';

export function Spinner({
  label,
  size,
  className = '',
}: {
  label?: string;
  size?: SpinnerSize;
  className?: string;
}) {
  const classes = ['loading loading-spinner', size ? `loading-${size}` : '', className]
    .filter(Boolean)
    .join(' ');
  if (label === undefined) return <span className={classes} aria-hidden="true" />;
  return <span className={classes} role="status" aria-label={label} />;
}
