import { useTranslation } from 'react-i18next';
import { modeLook } from '../../components/status/mode-look.ts';
import { Badge } from '../../components/ui/badge.tsx';

/** Mode badge: the mode's one colour and icon (components/status/mode-look.ts) and its name. */
export function ModeBadge({ mode, className = '' }: { mode: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const key = `status.modes.${mode}`;
  const label = i18n.exists(key) ? t(key) : mode;
  const { variant, Icon } = modeLook(mode);
  return (
    <Badge
      variant={variant}
      className={`gap-1 ${className}`}
      data-testid="mode-badge"
      data-mode={mode}
      title={t('status.modeLabel')}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{t('status.modeLabel')}: </span>
      {label}
    </Badge>
  );
}
