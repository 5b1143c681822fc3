import type { ReactNode } from 'react';

/** A button that loads the page again (a fresh start of the app, e.g. after a lazy chunk failed). */
export function ReloadButton({ className, children }: { className: string; children: ReactNode }) {
  return (
    <button type="button" className={className} onClick={() => window.location.reload()}>
      {children}
    </button>
  );
}
