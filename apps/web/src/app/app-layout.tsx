import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

// Placeholder frame; the layout feature replaces it with the full top bar and sidebar.
export function AppLayout() {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-base-200">
      <header className="navbar bg-base-100 shadow-sm px-4">
        <span className="text-lg font-semibold">{t('app.title')}</span>
      </header>
      <main className="p-4">
        <Suspense
          fallback={<span className="loading loading-spinner" role="status" aria-label={t('app.loading')} />}
        >
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
