import { useTranslation } from 'react-i18next';

/** Shown when a route fails to load (e.g. a lazy chunk missing offline). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="min-h-screen grid place-items-center p-6">
      <div className="text-center space-y-4">
        <h1 className="text-2xl font-bold">{t('errors.unknown_error')}</h1>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('app.retry')}
        </button>
      </div>
    </main>
  );
}
