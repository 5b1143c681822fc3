import type { ReactNode } from 'react';

export type BadgeVariant = 'success' | 'error' | 'warning' | 'info' | 'neutral' | 'primary' | 'ghost';

// Full class names written out so Tailwind sees them when it scans the source.
const VARIANT_CLASS: Record<BadgeVariant, string> = {
  success: 'badge-success',
  error: 'badge-error',
  warning: 'badge-warning',
  info: 'badge-info',
  neutral: 'badge-neutral',
  primary: 'badge-primary',
  ghost: 'badge-ghost',
};

export function Badge({
  variant = 'neutral',
  size,
  className = '',
  children,
  ...rest
}: {
  variant?: BadgeVariant;
  size?: 'sm' | 'md';
  className?: string;
  children: ReactNode;
} & Omit<React.HTMLAttributes<HTMLSpanElement>, 'className' | 'children'>) {
  const sizeClass = size === 'sm' ? 'badge-sm' : '';
  return (
    <span className={`badge whitespace-nowrap ${VARIANT_CLASS[variant]} ${sizeClass} ${className}`} {...rest}>
      {children}
    </span>
  );
}
