/**
 * Danger zone: clear all data (offline database, browser caches, settings and login data), then
 * reload. When the outbox still holds unsynced changes the dialog says how many will be lost and
 * asks a second, explicit confirmation.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ui/action-button.tsx';
import { Alert, AlertLine } from '../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { wipeDevice } from '../../db/device-wipe.ts';
import { countPendingItems } from '../../db/sync-centre-repo.ts';
import { api } from '../../lib/api.ts';
import { clearSession } from '../../lib/session.ts';

async function clearAllData() {
  // Best effort: revoke the refresh token while the session still exists (fails offline). It
  // runs alongside the local clean-up, the device wipe's: the databases are deleted (never row by
  // row, well under a second with 10,000 travellers), and a deletion another tab blocks is not
  // waited on for ever; the caches and the service worker go too.
  const revoke = api
    .post('/api/auth/logout', undefined, { timeoutMs: 1500, noRefresh: true })
    .catch(() => {});
  await Promise.all([wipeDevice(), revoke]);
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
}

export function DangerZone() {
  const { t } = useTranslation();
  const [step, setStep] = useState<'closed' | 'confirm' | 'confirm-loss'>('closed');
  const [pending, setPending] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setError(null);
    setPending(await countPendingItems());
    setStep('confirm');
  };
  const close = () => {
    if (!busy) setStep('closed');
  };
  const confirm = async () => {
    if (step === 'confirm' && pending > 0) {
      setStep('confirm-loss');
      return;
    }
    setBusy(true);
    try {
      await clearAllData();
      window.location.reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <SectionCard id="danger-title" title={t('pwa.danger.title')} tone="danger" gap="gap-3">
      <p className="text-sm">{t('pwa.danger.description')}</p>
      <div>
        <ActionButton
          className="btn btn-error btn-sm sm:btn-md"
          onClick={() => void open()}
          testId="clear-all-data"
        >
          {t('pwa.danger.clearAll')}
        </ActionButton>
      </div>
      <ConfirmDialog
        open={step !== 'closed'}
        onCancel={close}
        onConfirm={() => void confirm()}
        busy={busy}
        title={step === 'confirm-loss' ? t('pwa.danger.lossTitle') : t('pwa.danger.confirmTitle')}
        confirmLabel={step === 'confirm-loss' ? t('pwa.danger.deleteAnyway') : t('pwa.danger.delete')}
        cancelLabel={t('pwa.danger.cancel')}
        confirmTestId="confirm-clear"
      >
        {step === 'confirm-loss' ? (
          <p className="font-semibold text-error" data-testid="loss-warning">
            {t('pwa.danger.lossBody', { count: pending })}
          </p>
        ) : (
          <div className="flex flex-col gap-2">
            <p>{t('pwa.danger.confirmBody')}</p>
            <ul className="list-disc ps-5 text-sm">
              <li>{t('pwa.danger.items.offlineData')}</li>
              <li>{t('pwa.danger.items.cache')}</li>
              <li>{t('pwa.danger.items.settings')}</li>
              <li>{t('pwa.danger.items.login')}</li>
            </ul>
            {pending > 0 && (
              <Alert tone="warning" announce="alert" className="text-sm" data-testid="pending-warning">
                {t('pwa.danger.pendingWarning', { count: pending })}
              </Alert>
            )}
          </div>
        )}
        <AlertLine message={error} className="mt-2" />
      </ConfirmDialog>
    </SectionCard>
  );
}
