import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';

/** After each navigation: "<translated route title> - <app title>" (raw key if untranslated). */
export function TitleUpdater() {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const titleKey = [...matches]
    .reverse()
    .map((m) => (m.handle as { titleKey?: string } | undefined)?.titleKey)
    .find(Boolean);
  useEffect(() => {
    const appTitle = t('app.title');
    if (!titleKey) {
      document.title = appTitle;
      return;
    }
    const routeTitle = i18n.exists(titleKey) ? t(titleKey) : titleKey;
    document.title = `${routeTitle} - ${appTitle}`;
  }, [titleKey, t, i18n]);
  return <Outlet />;
}
