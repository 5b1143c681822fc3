import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';

/** A route handle carrying its title key (set by the router from the route table). */
const titleKeyOf = (handle: unknown): string | undefined =>
  typeof handle === 'object' && handle !== null && 'titleKey' in handle && typeof handle.titleKey === 'string'
    ? handle.titleKey
    : undefined;

/** After each navigation: "<translated route title> - <app title>" (raw key if untranslated). */
export function TitleUpdater() {
  const matches = useMatches();
  const { t, i18n } = useTranslation();
  const titleKey = [...matches]
    .reverse()
    .map((m) => titleKeyOf(m.handle))
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
