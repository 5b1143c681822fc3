/**
 * The user menu's logout. With changes still waiting in the outbox it asks first: the changes
 * stay on this device and go out after the next sign-in, but an officer handing the device
 * over should rather send them now (Sync and log out, when online).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ui/action-button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { useSyncState } from '../../sync/use-sync-state.ts';
import { useLogout } from './use-logout.ts';

export function LogoutButton() {
  const { t } = useTranslation();
  const { pendingCount, isOnline, forceSync } = useSyncState();
  const logout = useLogout();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const syncThenLogout = async () => {
    setBusy(true);
    await forceSync().catch(() => {});
    setBusy(false);
    setAsking(false);
    await logout();
  };

  return (
    <>
      <ActionButton
        className="btn btn-sm btn-outline btn-error w-full"
        onClick={() => (pendingCount > 0 ? setAsking(true) : void logout())}
        testId="logout"
      >
        {t('layout.user.logout')}
      </ActionButton>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={t('offlineLogout.title', { count: pendingCount })}
        closeLabel={t('offlineLogout.cancel')}
        actions={
          <>
            <button type="button" className="btn" onClick={() => setAsking(false)} disabled={busy}>
              {t('offlineLogout.cancel')}
            </button>
            <ActionButton
              className="btn btn-error btn-outline"
              onClick={() => void logout()}
              disabled={busy}
              testId="logout-anyway"
            >
              {t('offlineLogout.anyway')}
            </ActionButton>
            {isOnline && (
              <ActionButton
                className="btn btn-primary"
                onClick={() => void syncThenLogout()}
                disabled={busy}
                testId="logout-sync-first"
              >
                {t('offlineLogout.syncFirst')}
              </ActionButton>
            )}
          </>
        }
      >
        <p data-testid="logout-pending-warning">
          {isOnline
            ? t('offlineLogout.bodyOnline', { count: pendingCount })
            : t('offlineLogout.bodyOffline', { count: pendingCount })}
        </p>
      </Modal>
    </>
  );
}
