/**
 * /pwa-settings: the app-management panel, the sync centre, the offline-app settings, system
 * info and feature support, and the danger zone.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReloadButton } from '../../components/ui/reload-button.tsx';
import { SyncCentre } from '../sync-centre/sync-centre.tsx';
import { AppPanel } from './app-panel.tsx';
import { DangerZone } from './danger-zone.tsx';
import { SettingsForm } from './settings-form.tsx';
import { SystemInfo } from './system-info.tsx';

export default function PwaSettingsPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 max-w-6xl mx-auto">
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl sm:text-2xl font-bold me-auto">{t('pwa.title')}</h1>
        <ReloadButton className="btn btn-sm btn-ghost">{t('pwa.refresh')}</ReloadButton>
        <Link to="/" className="btn btn-sm btn-ghost">
          {t('pwa.home')}
        </Link>
      </header>
      <AppPanel />
      <SyncCentre />
      <div className="grid gap-4 lg:grid-cols-2 items-start">
        <SettingsForm />
        <SystemInfo />
      </div>
      <DangerZone />
    </div>
  );
}
