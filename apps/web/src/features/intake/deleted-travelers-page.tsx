/**
 * /admin/deleted-travelers: tombstones with the reason and time, newest first, and Restore (an
 * update of the tombstone on the server; every device pulls the traveller back). Needs a connection.
 */
import { type DeletedTraveler, deletedTravelerListSchema, travelerSchema } from '@bh/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import { api } from '../../lib/api.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; items: DeletedTraveler[] };

export default function DeletedTravelersPage() {
  const { t } = useTranslation();
  const { isOnline } = useSyncState();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [restored, setRestored] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const list = deletedTravelerListSchema.parse(await api.get('/api/travelers/deleted'));
      setState({ kind: 'ready', items: list.items });
    } catch {
      setState({ kind: 'failed' });
    }
  }, []);
  useEffect(() => {
    if (isOnline) void load();
  }, [isOnline, load]);

  const restore = async (item: DeletedTraveler) => {
    try {
      const body = await api.post(`/api/travelers/${item.traveler.id}/restore`, {
        version: item.traveler.version,
      });
      setRestored(travelerSchema.parse(body).fullName);
    } catch {
      setState({ kind: 'failed' });
    }
    await load();
  };

  const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');

  return (
    <div className="max-w-5xl mx-auto flex flex-col gap-3" data-testid="deleted-travelers">
      <h1 className="text-2xl font-bold">{t('intake.trash.title')}</h1>
      {!isOnline && <Alert tone="warning">{t('intake.trash.needsNetwork')}</Alert>}
      {restored && (
        <Alert tone="success">
          {t('intake.trash.restored')} {restored}
        </Alert>
      )}
      {state.kind === 'failed' && <Alert tone="error">{t('intake.trash.failed')}</Alert>}
      {state.kind === 'ready' && state.items.length === 0 && <p>{t('intake.trash.empty')}</p>}
      {state.kind === 'ready' && state.items.length > 0 && (
        <div className="overflow-x-auto">
          <DataTable
            columns={[
              t('travelers.field.fullName'),
              t('travelers.field.passportNo'),
              t('travelers.field.entryDate'),
              t('intake.trash.deletedAt'),
              t('intake.trash.reason'),
              '',
            ]}
          >
            {state.items.map((item) => (
              <tr key={item.traveler.id}>
                <td>{item.traveler.fullName}</td>
                <td>{item.traveler.passportNo}</td>
                <td>{item.traveler.entryDate}</td>
                <td>{when(item.traveler.deletedAt)}</td>
                <td>{item.reason}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-sm"
                    disabled={!isOnline}
                    onClick={() => void restore(item)}
                  >
                    {t('intake.trash.restore')}
                  </button>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </div>
  );
}
