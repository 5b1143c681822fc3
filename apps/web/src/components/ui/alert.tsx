/**
 * The one message box: an error, warning, success or info line. Errors are announced at once
 * (role "alert"), the others politely (role "status"); `announce` overrides that where a screen
 * needs it (a warning that must interrupt, or a plain note that is not news: 'none').
 */
import type { HTMLAttributes, ReactNode } from 'react';

export type AlertTone = 'error' | 'warning' | 'success' | 'info';

const TONE_CLASS: Record<AlertTone, string> = {
  error: 'alert-error',
  warning: 'alert-warning',
  success: 'alert-success',
  info: 'alert-info',
};

export function Alert({
  tone,
  soft = true,
  announce,
  className = '',
  children,
  ...rest
}: {
  tone: AlertTone;
  /** The light variant (the default); false for the strong colours. */
  soft?: boolean;
  /** The role: "alert" for errors and "status" otherwise by default; 'none' for no role at all. */
  announce?: 'alert' | 'status' | 'note' | 'none';
  className?: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'className' | 'children'>) {
  const chosen = announce ?? (tone === 'error' ? 'alert' : 'status');
  const liveRole = chosen === 'none' ? undefined : chosen;
  const classes = ['alert', TONE_CLASS[tone], soft ? 'alert-soft' : '', className].filter(Boolean).join(' ');
  return (
    <div role={liveRole} className={classes} {...rest}>
      {children}
    </div>
  );
}

/** An action's outcome as a small alert, rendered only while there is one (empty: nothing). */
export function AlertLine({
  tone = 'error',
  message,
  className = '',
}: {
  tone?: AlertTone;
  message: string | null | undefined;
  /** Extra classes, e.g. a top margin. */
  className?: string;
}) {
  if (!message) return null;
  return (
    <Alert tone={tone} className={`text-sm ${className}`.trim()}>
      {message}
    </Alert>
  );
}
