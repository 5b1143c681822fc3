/**
 * A status change the server refused (a transition the lifecycle table does not allow from the
 * traveller's status on the server, e.g. another officer moved the traveller first): the failed
 * item says which change was asked and where the traveller stands now, and offers the two ways
 * out. Discard drops only the refused event (discardFailedItem: its own queue rows and local
 * copy; nothing else of the outbox), so the traveller shows the server's status again; "choose
 * another status" discards it too and opens the traveller's details, whose status buttons offer
 * only the transitions allowed from that status.
 */
import { officerTransitions, travelerStatusLabelKey } from '@bh/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailedSyncItem } from '../../db/database.ts';
import { useTraveler } from '../travelers/use-travelers.ts';
import { recordLabel } from './labels.ts';

// The details view (lifecycle, timeline, declaration) loads only when an officer opens it here.
const TravelerDetailsModal = lazy(() =>
  import('../travelers/traveler-details-modal.tsx').then((m) => ({ default: m.TravelerDetailsModal })),
);

export interface RefusedStatusChange {
  travelerId: string;
  toStatus: string;
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** The status change a failed item carries, when the server refused one; else null. */
export function refusedStatusChange(item: FailedSyncItem): RefusedStatusChange | null {
  const { table, operation, data } = item.originalSyncItem;
  if (table !== 'travelerEvents' || operation !== 'create' || item.errorType !== 'validation_failed')
    return null;
  const travelerId = text(data?.travelerId);
  const toStatus = text(data?.toStatus);
  if (data?.kind !== 'status_changed' || !travelerId || !toStatus) return null;
  return { travelerId, toStatus };
}

/** Which traveller, the change asked and the status the traveller has now (the server's). */
export function RefusedStatusSummary({ change }: { change: RefusedStatusChange }) {
  const { t } = useTranslation();
  const traveler = useTraveler(change.travelerId);
  const status = (s: string) => t(travelerStatusLabelKey(s));
  return (
    <div className="text-sm flex flex-col gap-1" data-testid="refused-status-change">
      <span className="font-medium break-words">
        {t('refusedChange.title', {
          traveler: traveler ? recordLabel(traveler, traveler.id) : recordLabel(null, change.travelerId),
        })}
      </span>
      <span>{t('refusedChange.asked', { to: status(change.toStatus) })}</span>
      {traveler && !traveler.deletedAt && (
        <span data-testid="refused-status-now">
          {t('refusedChange.now', { status: status(traveler.status) })}
        </span>
      )}
    </div>
  );
}

/**
 * Discard (after the list's confirmation) and, when the traveller can still move from the
 * server's status, discard and choose another status in the traveller's details (opened by the
 * list, since this row goes with the discarded item).
 */
export function RefusedStatusActions({
  item,
  change,
  onDiscard,
  onChooseAnother,
}: {
  item: FailedSyncItem;
  change: RefusedStatusChange;
  onDiscard: (item: FailedSyncItem) => void;
  onChooseAnother: (item: FailedSyncItem, travelerId: string) => void;
}) {
  const { t } = useTranslation();
  const traveler = useTraveler(change.travelerId);
  const canChoose = Boolean(
    traveler && !traveler.deletedAt && officerTransitions(traveler.status).length > 0,
  );
  return (
    <div className="flex flex-wrap gap-2 justify-end">
      <button type="button" className="btn btn-sm btn-error btn-outline" onClick={() => onDiscard(item)}>
        {t('sync.failed.discard')}
      </button>
      {canChoose && (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          data-testid="refused-choose-another"
          onClick={() => onChooseAnother(item, change.travelerId)}
        >
          {t('refusedChange.chooseAnother')}
        </button>
      )}
    </div>
  );
}

/** The traveller's details (status buttons, timeline), opened to choose another status. */
export function TravelerToDecide({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <TravelerDetailsModal traveler={useTraveler(id)} onClose={onClose} />
    </Suspense>
  );
}
