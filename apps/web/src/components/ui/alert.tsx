/**
 * The one message box: an error, warning, success or info line. Errors are announced at once
 * (role "alert"), the others politely (role "status"); `role` overrides that where a screen needs
 * it (a warning that must interrupt, or a plain note that is not news).
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
  role,
  className = '',
  children,
  ...rest
}: {
  tone: AlertTone;
  /** The light variant (the default); false for the strong colours. */
  soft?: boolean;
  /** Defaults to "alert" for errors and "status" otherwise; null for no live region. */
  role?: 'alert' | 'status' | 'note' | null;
  className?: string;
  children: ReactNode;
} & Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'className' | 'children'>) {
  const liveRole = role === undefined ? (tone === 'error' ? 'alert' : 'status') : (role ?? undefined);
  const classes = ['alert', TONE_CLASS[tone], soft ? 'alert-soft' : '', className].filter(Boolean).join(' ');
  return (
    <div role={liveRole} className={classes} {...rest}>
      {children}
    </div>
  );
}
