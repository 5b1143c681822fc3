/**
 * Changes the server did not take: retryable ones (max retries, network, server error) get
 * Retry; the ones it rejected (validation_failed) list the field errors and can be discarded
 * after a confirmation, the record keeping its local state. A refused status change says what
 * was asked and offers to choose another status (refused-status-change.tsx).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/ui/action-button.tsx';
import { AlertLine } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import type { FailedSyncItem } from '../../db/database.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { discardFailedItem, retryFailedItem } from '../../sync/resolutions.ts';
import { actionErrorText, detailLines, recordLabel } from './labels.ts';
import {
  RefusedStatusActions,
  RefusedStatusSummary,
  refusedStatusChange,
  TravelerToDecide,
} from './refused-status-change.tsx';

function FailedItemRow({
  item,
  onDiscard,
  onChooseAnother,
}: {
  item: FailedSyncItem;
  onDiscard: (item: FailedSyncItem) => void;
  onChooseAnother: (item: FailedSyncItem, travelerId: string) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const original = item.originalSyncItem;
  const statusChange = refusedStatusChange(item);
  const retry = async () => {
    // Stored items always have their auto-increment id.
    if (item.id === undefined) return;
    setBusy(true);
    setError(null);
    try {
      await retryFailedItem(item.id);
    } catch (err) {
      setError(actionErrorText(t, err));
      setBusy(false);
    }
  };
  return (
    <li className="py-3 flex flex-col gap-2" data-testid="failed-item" data-record-id={original.recordId}>
      <div className="flex flex-wrap items-center gap-2">
        {statusChange ? (
          <RefusedStatusSummary change={statusChange} />
        ) : (
          <span className="font-medium break-words min-w-0">
            {t(`sync.tables.${original.table}`)} · {t(`sync.operations.${original.operation}`)}:{' '}
            {recordLabel(original.data, original.recordId)}
          </span>
        )}
        <Badge variant={item.canRetry === 1 ? 'warning' : 'error'} size="sm">
          {t(`sync.failed.types.${item.errorType}`)}
        </Badge>
        <span className="text-xs opacity-70 ms-auto">{formatDateTime(item.timestamp)}</span>
      </div>
      {detailLines(t, item).length > 0 && (
        <ul className="text-sm opacity-80 list-disc ps-5">
          {detailLines(t, item).map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      )}
      <AlertLine message={error} />
      <div className="flex gap-2 justify-end">
        {item.canRetry === 1 ? (
          <ActionButton className="btn btn-sm btn-primary" disabled={busy} onClick={() => void retry()}>
            {t('sync.failed.retry')}
          </ActionButton>
        ) : statusChange ? (
          <RefusedStatusActions
            item={item}
            change={statusChange}
            onDiscard={onDiscard}
            onChooseAnother={onChooseAnother}
          />
        ) : (
          <>
            <span className="text-xs opacity-70 self-center">{t('sync.failed.notRetryable')}</span>
            <ActionButton className="btn btn-sm btn-error btn-outline" onClick={() => onDiscard(item)}>
              {t('sync.failed.discard')}
            </ActionButton>
          </>
        )}
      </div>
    </li>
  );
}

export function FailedItems({ items }: { items: FailedSyncItem[] }) {
  const { t } = useTranslation();
  const [toDiscard, setToDiscard] = useState<FailedSyncItem | null>(null);
  // The traveller whose refused status change was just discarded to choose another status.
  const [deciding, setDeciding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chooseAnother = async (item: FailedSyncItem, travelerId: string) => {
    if (item.id === undefined) return;
    setError(null);
    try {
      await discardFailedItem(item.id);
      setDeciding(travelerId);
    } catch (err) {
      setError(actionErrorText(t, err));
    }
  };
  const decide = deciding && <TravelerToDecide id={deciding} onClose={() => setDeciding(null)} />;
  if (items.length === 0)
    return (
      <>
        <EmptyState>{t('sync.failed.empty')}</EmptyState>
        {decide}
      </>
    );
  return (
    <>
      <AlertLine message={error} />
      <ul className="divide-y divide-base-300">
        {items.map((item) => (
          <FailedItemRow
            key={item.id}
            item={item}
            onDiscard={setToDiscard}
            onChooseAnother={(failed, travelerId) => void chooseAnother(failed, travelerId)}
          />
        ))}
      </ul>
      {decide}
      <ConfirmDialog
        open={toDiscard !== null}
        title={t('sync.failed.discardTitle')}
        confirmLabel={t('sync.failed.discard')}
        cancelLabel={t('sync.cancel')}
        onCancel={() => setToDiscard(null)}
        onConfirm={() => {
          if (toDiscard?.id !== undefined) void discardFailedItem(toDiscard.id);
          setToDiscard(null);
        }}
      >
        <p>{t('sync.failed.discardBody')}</p>
      </ConfirmDialog>
    </>
  );
}
