/** The outbox as a table: what waits to be sent, how often it was tried and when it goes next. */
import { DEFAULT_LOCALE, isLocale } from '@bh/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import type { SyncQueueItem } from '../../db/database.ts';
import { formatDateTime, formatRelativeTime } from '../../i18n/format.ts';
import { codeText, recordLabel } from './labels.ts';

export function PendingItems({ items, total, now }: { items: SyncQueueItem[]; total: number; now: number }) {
  const { t, i18n } = useTranslation();
  if (items.length === 0) return <EmptyState>{t('sync.pending.empty')}</EmptyState>;
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const next = (row: SyncQueueItem) =>
    row.blocked === 1
      ? t('sync.pending.blocked')
      : row.nextAttemptAt <= now
        ? t('sync.pending.now')
        : formatDateTime(row.nextAttemptAt);
  return (
    <div>
      {/* Phones: one compact card per row instead of a six-column table. */}
      <ul className="sm:hidden divide-y divide-base-300" aria-label={t('sync.pending.title')}>
        {items.map((row) => (
          <li key={row.id} className="py-2 text-sm flex flex-col gap-1" data-testid="pending-card">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={row.operation === 'delete' ? 'error' : 'ghost'} size="sm">
                {t(`sync.operations.${row.operation}`)}
              </Badge>
              <span className="font-medium break-words min-w-0">
                {t(`sync.tables.${row.table}`)}: {recordLabel(row.data, row.recordId)}
              </span>
            </div>
            <div className="flex flex-wrap gap-x-3 text-xs opacity-80">
              <span>
                {t('sync.pending.age')}: {formatRelativeTime(row.timestamp, now, locale)}
              </span>
              <span>
                {t('sync.pending.retries')}: {row.retryCount}
              </span>
              <span>
                {t('sync.pending.nextAttempt')}: {next(row)}
              </span>
            </div>
            {row.lastError && <span className="text-xs text-error">{codeText(t, row.lastError)}</span>}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block overflow-x-auto">
        <table className="table table-sm table-zebra">
          <caption className="sr-only">{t('sync.pending.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sync.pending.table')}</th>
              <th scope="col">{t('sync.pending.operation')}</th>
              <th scope="col">{t('sync.pending.record')}</th>
              <th scope="col">{t('sync.pending.age')}</th>
              <th scope="col" className="text-end">
                {t('sync.pending.retries')}
              </th>
              <th scope="col">{t('sync.pending.nextAttempt')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((row) => (
              <tr key={row.id} data-testid="pending-item" data-record-id={row.recordId}>
                <td className="whitespace-nowrap">{t(`sync.tables.${row.table}`)}</td>
                <td>
                  <Badge variant={row.operation === 'delete' ? 'error' : 'ghost'} size="sm">
                    {t(`sync.operations.${row.operation}`)}
                  </Badge>
                </td>
                <td className="break-words min-w-32">{recordLabel(row.data, row.recordId)}</td>
                <td className="whitespace-nowrap" title={formatDateTime(row.timestamp)}>
                  {formatRelativeTime(row.timestamp, now, locale)}
                </td>
                <td className="text-end tabular-nums">{row.retryCount}</td>
                <td className="whitespace-nowrap">
                  {next(row)}
                  {row.lastError && (
                    <span className="block text-xs text-error">{codeText(t, row.lastError)}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > items.length && (
        <p className="text-xs opacity-70 mt-1">{t('sync.pending.more', { shown: items.length, total })}</p>
      )}
    </div>
  );
}
