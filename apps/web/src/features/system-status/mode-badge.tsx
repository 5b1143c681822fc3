import { modeBadgeVariant } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';

/** Mode badge: success normal, error pandemic, warning emergency, neutral otherwise. */
export function ModeBadge({ mode, className = '' }: { mode: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const key = `status.modes.${mode}`;
  const label = i18n.exists(key) ? t(key) : mode;
  return (
    <Badge
      variant={modeBadgeVariant(mode)}
      className={className}
      data-testid="mode-badge"
      data-mode={mode}
      title={t('status.modeLabel')}
    >
      <span className="sr-only">{t('status.modeLabel')}: </span>
      {label}
    </Badge>
  );
}
