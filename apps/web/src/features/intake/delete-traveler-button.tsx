/**
 * Delete button of the traveller details: asks for a reason, leaves a tombstone that syncs, and
 * offers Undo for 10 seconds (undo-toast.tsx). Officers see it for travellers created in the
 * last 24 hours (the server also checks they created it); admins always.
 */
import { type LocalTraveler, TRAVELER_DELETE_WINDOW_HOURS } from '@bh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ui/action-button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { useSession } from '../../lib/session.ts';
import { deleteWithReason } from './undo-delete.ts';

export function DeleteTravelerButton({
  traveler,
  onDeleted,
}: {
  traveler: LocalTraveler;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const recent = Date.now() - Date.parse(traveler.createdAt) < TRAVELER_DELETE_WINDOW_HOURS * 3_600_000;
  if (session?.user.role !== 'admin' && !recent) return null;
  const confirm = async () => {
    await deleteWithReason(traveler, reason.trim());
    setAsking(false);
    onDeleted();
  };
  return (
    <>
      <ActionButton
        className="btn btn-error btn-outline"
        onClick={() => setAsking(true)}
        testId="traveler-delete"
      >
        {t('intake.delete.button')}
      </ActionButton>
      <ConfirmDialog
        open={asking}
        title={t('intake.delete.title')}
        confirmLabel={t('intake.delete.confirm')}
        cancelLabel={t('intake.delete.cancel')}
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirm()}
        confirmDisabled={reason.trim() === ''}
        confirmTestId="traveler-delete-confirm"
      >
        <p className="mb-2">
          {traveler.fullName} ({traveler.passportNo})
        </p>
        <label className="fieldset-legend" htmlFor="delete-reason">
          {t('intake.delete.reason')}
        </label>
        <input
          id="delete-reason"
          className="input w-full"
          value={reason}
          maxLength={1000}
          required
          onChange={(e) => setReason(e.target.value)}
          data-testid="traveler-delete-reason"
        />
      </ConfirmDialog>
    </>
  );
}
