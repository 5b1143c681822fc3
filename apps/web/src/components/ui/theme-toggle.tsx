import { useTranslation } from 'react-i18next';
import { toggleTheme, useTheme } from '../../lib/theme-store.ts';
import { FrameIcon } from './icons.tsx';

/** Switches light/dark; `withLabel` shows the text too (sidebar on small screens). */
export function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = t('layout.theme.switchTo', { theme: t(`layout.theme.${next}`) });
  return (
    <button
      type="button"
      className={withLabel ? 'btn btn-ghost btn-sm justify-start gap-2 w-full' : 'btn btn-ghost btn-circle'}
      onClick={toggleTheme}
      aria-label={withLabel ? undefined : label}
      title={label}
      data-testid="theme-toggle"
      data-theme-current={theme}
    >
      <FrameIcon name={theme === 'dark' ? 'sun' : 'moon'} />
      {withLabel && <span>{label}</span>}
    </button>
  );
}
