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

  /** One of the dialog's ways to log out, disabled while a sync runs. */
  const choice = (className: string, testId: string, run: () => Promise<unknown>, label: string) => (
    <ActionButton className={className} onClick={() => void run()} disabled={busy} testId={testId}>
      {label}
    </ActionButton>
  );

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
            {choice('btn btn-error btn-outline', 'logout-anyway', logout, t('offlineLogout.anyway'))}
            {isOnline &&
              choice('btn btn-primary', 'logout-sync-first', syncThenLogout, t('offlineLogout.syncFirst'))}
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
