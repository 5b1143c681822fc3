/** Stroked 24x24 line icons. They are decorative: the control around one carries its accessible name. */
import type { ReactNode } from 'react';

/** The frame of every icon; its children are the drawing. */
export function Icon({ children, className = 'size-5' }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}
