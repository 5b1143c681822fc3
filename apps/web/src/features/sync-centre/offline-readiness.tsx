/**
 * Whether this device holds everything it needs to work offline: the app's files (a service
 * worker is installed and active, so every screen is stored) and the data (a first
 * sync brought the travellers and reference lists). Until both, the officer is told what is
 * still missing, so going offline is no surprise; then, that the device is ready.
 */
import { CheckCircle2, CircleDashed } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { useSyncState } from '../../sync/use-sync-state.ts';

interface Readiness {
  /** A service worker is active (installed): the app's files and every screen are stored. */
  files: boolean;
  /** A sync has completed: the travellers and reference data are on the device. */
  data: boolean;
}

function hasController(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);
}

export function useOfflineReadiness(): Readiness & { ready: boolean } {
  const [files, setFiles] = useState(hasController);
  const { lastSyncTime } = useSyncState();
  useEffect(() => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const check = () => setFiles(hasController());
    container.addEventListener('controllerchange', check);
    // An active worker has finished installing, and installing stores every file (precache),
    // even before it controls this first page.
    void container.ready.then(
      () => setFiles(true),
      () => undefined,
    );
    return () => container.removeEventListener('controllerchange', check);
  }, []);
  const data = lastSyncTime !== null;
  return { files, data, ready: files && data };
}

function Step({ done, label }: { done: boolean; label: string }) {
  const Icon = done ? CheckCircle2 : CircleDashed;
  return (
    <li className="flex items-center gap-2" data-done={done}>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span>{label}</span>
    </li>
  );
}

/** The readiness as a message: what is still being stored, or that the device is ready. */
export function OfflineReadiness({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { files, data, ready } = useOfflineReadiness();
  if (ready)
    return (
      <Alert
        tone="success"
        announce="status"
        className="text-base-content"
        data-testid="offline-ready"
        data-ready="true"
      >
        {t('sync.offlineReady.ready')}
      </Alert>
    );
  return (
    <Alert
      tone="info"
      announce="status"
      className="text-base-content"
      data-testid="offline-ready"
      data-ready="false"
    >
      <div className="flex flex-col gap-1">
        <span className="font-semibold">{t('sync.offlineReady.preparing')}</span>
        {!compact && <span className="text-sm">{t('sync.offlineReady.hint')}</span>}
        <ul className="text-sm">
          <Step done={files} label={t('sync.offlineReady.files')} />
          <Step done={data} label={t('sync.offlineReady.data')} />
        </ul>
      </div>
    </Alert>
  );
}
