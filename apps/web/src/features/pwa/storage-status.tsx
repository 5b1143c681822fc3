/** Persistent-storage answer and the storage estimate; a near-full quota is shown as a warning. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
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
            className={`progress w-full ${ratio !== null && ratio >= QUOTA_WARNING_RATIO ? 'progress-error' : 'progress-primary'}`}
            value={storage.usage}
            max={storage.quota || 1}
            aria-label={t('pwa.storage.title')}
          />
        </div>
      )}
      {ratio !== null && ratio >= QUOTA_WARNING_RATIO && (
        <p role="alert" className="text-error text-sm">
          {t('sync.errors.quotaExceeded')}
        </p>
      )}
      {storage.persist !== 'persisted' && storage.persist !== 'unknown' && (
        <p className="text-xs opacity-70">{t('pwa.storage.notPersistedHint')}</p>
      )}
      {storage.error && (
        <p role="alert" className="text-error text-sm">
          {storage.error}
        </p>
      )}
    </div>
  );
}
