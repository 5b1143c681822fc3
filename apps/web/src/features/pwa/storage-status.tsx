/** Persistent-storage answer and the storage estimate; a near-full quota is shown as a warning. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertLine } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { formatBytes } from './app-info.ts';
import {
  QUOTA_WARNING_RATIO,
  refreshStorageEstimate,
  requestPersistentStorage,
  useStorageState,
} from './storage-persistence.ts';

export function StorageStatus() {
  const { t } = useTranslation();
  const storage = useStorageState();
  useEffect(() => {
    // The page only opens with a session, so this is "after login" too.
    if (storage.persist === 'unknown') void requestPersistentStorage();
    void refreshStorageEstimate();
  }, [storage.persist]);
  const ratio = storage.usage !== null && storage.quota ? storage.usage / storage.quota : null;
  const nearFull = ratio !== null && ratio >= QUOTA_WARNING_RATIO;
  return (
    <div className="flex flex-col gap-1" data-testid="storage-status">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{t('pwa.storage.title')}</span>
        <Badge
          variant={
            storage.persist === 'persisted' ? 'success' : storage.persist === 'unknown' ? 'ghost' : 'warning'
          }
          data-testid="storage-persist"
          data-persist={storage.persist}
        >
          {t(`pwa.storage.persist.${storage.persist}`)}
        </Badge>
      </div>
      {storage.usage !== null && storage.quota !== null && (
        <div className="text-sm">
          <span>
            {t('pwa.storage.usage', { used: formatBytes(storage.usage), quota: formatBytes(storage.quota) })}
          </span>
          <progress
            className={`progress w-full ${nearFull ? 'progress-error' : 'progress-primary'}`}
            value={storage.usage}
            max={storage.quota || 1}
            aria-label={t('pwa.storage.title')}
          />
        </div>
      )}
      {nearFull && (
        <Alert tone="error" className="text-sm">
          {t('sync.errors.quotaExceeded')}
        </Alert>
      )}
      {storage.persist !== 'persisted' && storage.persist !== 'unknown' && (
        <p className="text-xs opacity-70">{t('pwa.storage.notPersistedHint')}</p>
      )}
      <AlertLine message={storage.error} />
    </div>
  );
}
