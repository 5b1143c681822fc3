import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath } from 'react-router';
import { APP_ROUTES } from './routes.ts';

/** The title key of the screen at a path: its route's, the 404 page's, none for `/` (a redirect). */
export function routeTitleKey(pathname: string): string | undefined {
  if (pathname === '/') return undefined;
  return APP_ROUTES.find((r) => matchPath(r.path, pathname))?.titleKey ?? 'app.routes.notFound';
}

/** After each navigation: "<translated route title> - <app title>" (raw key if untranslated). */
export function TitleUpdater({
  pathname,
  titleKeyOf = routeTitleKey,
}: {
  pathname: string;
  titleKeyOf?: (pathname: string) => string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const titleKey = titleKeyOf(pathname);
  useEffect(() => {
    const appTitle = t('app.title');
    if (!titleKey) {
      document.title = appTitle;
      return;
    }
    const routeTitle = i18n.exists(titleKey) ? t(titleKey) : titleKey;
    document.title = `${routeTitle} - ${appTitle}`;
  }, [titleKey, t, i18n]);
  return null;
}
