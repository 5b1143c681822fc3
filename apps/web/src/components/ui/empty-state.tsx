/** The one "nothing here" line of a list or panel that has no rows. */
import type { ReactNode } from 'react';

export function EmptyState({
  children,
  className = '',
  testId,
}: {
  children: ReactNode;
  /** Extra classes, e.g. padding inside a dropdown. */
  className?: string;
  testId?: string;
}) {
  return (
    <p className={`text-sm opacity-70 ${className}`.trim()} data-testid={testId}>
      {children}
    </p>
  );
}
