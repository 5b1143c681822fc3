/** Language menu: switching re-renders the page at once and is remembered (app-locale). */
import { type Locale, SUPPORTED_LOCALES } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { setLocale, toLocale } from '../../i18n/index.ts';
import { Dropdown } from './dropdown.tsx';
import { FrameIcon } from './icons.tsx';

// Each language is named in itself, so a user can find theirs whatever the current language.
const NATIVE_NAMES: Record<Locale, string> = { vi: 'Tiếng Việt', en: 'English', ja: '日本語' };

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = toLocale(i18n.language);
  return (
    <Dropdown
      testId="language-switcher"
      buttonClassName="btn btn-ghost btn-sm gap-1 px-2"
      panelClassName="w-40 p-2"
      button={
        <>
          <FrameIcon name="globe" />
          <span className="sr-only">{t('layout.language.label', { language: NATIVE_NAMES[current] })} (</span>
          <span className="uppercase text-xs font-semibold">{current}</span>
          <span className="sr-only">)</span>
        </>
      }
    >
      {(close) => (
        <ul className="menu w-full p-0">
          {SUPPORTED_LOCALES.map((lng) => (
            <li key={lng}>
              <button
                type="button"
                lang={lng}
                className={lng === current ? 'menu-active' : ''}
                aria-current={lng === current ? 'true' : undefined}
                data-testid={`language-${lng}`}
                onClick={() => {
                  setLocale(lng);
                  close();
                }}
              >
                {NATIVE_NAMES[lng]}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
}
