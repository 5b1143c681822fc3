/**
 * The question before a status move that is hard to undo: sending to quarantine, refusing entry
 * or clearing. Clearing a traveller whose quarantine has days left warns with the last day and
 * asks for the reason (the timeline keeps it).
 */
import { localDate, STATUS_REASON_MAX_LENGTH, type TravelerStatus } from '@bh/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { formatDate } from '../../i18n/format.ts';

const ASK_FIRST: ReadonlySet<TravelerStatus> = new Set(['quarantine', 'rejected', 'cleared']);

export const needsConfirmation = (to: TravelerStatus) => ASK_FIRST.has(to);

export function ConfirmMove({
  to,
  from,
  travelerName,
  quarantineEnd,
  initialReason,
  onConfirm,
  onCancel,
}: {
  to: TravelerStatus;
  from: TravelerStatus;
  travelerName: string;
  quarantineEnd: string | null;
  initialReason: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(initialReason);
  const early =
    to === 'cleared' && from === 'quarantine' && quarantineEnd !== null && localDate() < quarantineEnd;
  return (
    <ConfirmDialog
      open
      title={t(`lifecycle.confirm.title.${to}`, { name: travelerName })}
      confirmLabel={t(`lifecycle.status.to.${to}`)}
      cancelLabel={t('lifecycle.confirm.cancel')}
      destructive={to !== 'cleared'}
      confirmDisabled={early && !reason.trim()}
      onConfirm={() => onConfirm(reason)}
      onCancel={onCancel}
      confirmTestId="status-confirm"
      cancelTestId="status-confirm-cancel"
    >
      <p data-testid="status-confirm-text">{t(`lifecycle.confirm.body.${to}`)}</p>
      {early && (
        <Alert tone="warning" className="mt-3" data-testid="status-early-clear">
          {t('lifecycle.confirm.earlyClear', { date: formatDate(quarantineEnd) })}
        </Alert>
      )}
      <label className="flex flex-col gap-1 mt-3">
        <span>{t(early ? 'lifecycle.confirm.reasonRequired' : 'lifecycle.status.reason')}</span>
        <input
          className="input w-full"
          value={reason}
          required={early}
          maxLength={STATUS_REASON_MAX_LENGTH}
          onChange={(e) => setReason(e.target.value)}
          data-testid="status-confirm-reason"
        />
      </label>
    </ConfirmDialog>
  );
}
