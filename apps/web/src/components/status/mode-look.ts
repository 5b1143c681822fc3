/**
 * One colour and one icon per system mode, used by every place that shows the mode (top bar,
 * sidebar, settings, the change dialog). The colour comes from the shared modeBadgeVariant.
 */
import { modeBadgeVariant } from '@bh/shared';
import { CircleHelp, type LucideIcon, ShieldAlert, ShieldCheck, Siren } from 'lucide-react';
import type { BadgeVariant } from '../ui/badge.tsx';

const ICONS: Record<string, LucideIcon> = {
  normal: ShieldCheck,
  pandemic: ShieldAlert,
  emergency: Siren,
};

export interface ModeLook {
  variant: BadgeVariant;
  Icon: LucideIcon;
  /** Text colour class of the mode (full class names so Tailwind sees them). */
  textClass: string;
}

const TEXT: Record<string, string> = {
  success: 'text-success',
  error: 'text-error',
  warning: 'text-warning',
  neutral: 'text-base-content',
};

export function modeLook(mode: string): ModeLook {
  const variant = modeBadgeVariant(mode);
  return { variant, Icon: ICONS[mode] ?? CircleHelp, textClass: TEXT[variant] ?? 'text-base-content' };
}
