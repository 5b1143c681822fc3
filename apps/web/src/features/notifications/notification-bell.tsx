/** Bell in the top bar with the unread count; opens the list with read/remove actions. */

import type { NotificationView } from '@bh/shared';
import { DEFAULT_LOCALE, isLocale } from '@bh/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { formatRelativeTime } from '../../i18n/format.ts';
import { useNotifications } from './use-notifications.ts';

const PRIORITY_VARIANT: Record<string, BadgeVariant> = { high: 'error', medium: 'warning', low: 'ghost' };

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
    </svg>
  );
}

export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  const n = useNotifications();
  const text = (value: string, params: NotificationView['params']) =>
    i18n.exists(value) ? t(value, params) : value;

  return (
    <Dropdown
      testId="notification-bell"
      buttonClassName="btn btn-ghost btn-circle btn-sm sm:btn-md"
      // On phones the list spans the screen under the top bar; from sm it hangs under the bell.
      panelPosition="fixed inset-x-2 top-14 sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2"
      panelClassName="sm:w-[22rem]"
      button={
        <span className="indicator">
          <BellIcon />
          <span className="sr-only">{t('notifications.title')}</span>
          {n.unreadCount > 0 && (
            <span className="indicator-item badge badge-error badge-xs px-1">
              <span data-testid="unread-count">{n.unreadCount}</span>
              <span className="sr-only"> {t('notifications.unread')}</span>
            </span>
          )}
        </span>
      }
    >
      {() => (
        <>
          <div className="flex items-center justify-between gap-2 p-3 border-b border-base-300">
            <h2 className="font-semibold">{t('notifications.title')}</h2>
            <div className="flex gap-1">
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={n.markAllRead}
                disabled={n.unreadCount === 0}
              >
                {t('notifications.markAllRead')}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={n.clearAll}
                disabled={n.items.length === 0}
              >
                {t('notifications.clearAll')}
              </button>
            </div>
          </div>
          {n.items.length === 0 ? (
            <EmptyState className="p-4">{t('notifications.empty')}</EmptyState>
          ) : (
            <ul className="max-h-96 overflow-y-auto divide-y divide-base-300">
              {n.items.map((item) => (
                <li
                  key={item.id}
                  className={`p-3 ${item.read ? 'opacity-70' : ''}`}
                  data-testid="notification-item"
                >
                  <div className="flex items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-sm flex flex-wrap items-center gap-1">
                        {!item.read && (
                          <>
                            <span className="status status-info" aria-hidden="true" />
                            <span className="sr-only">{t('notifications.unread')}</span>
                          </>
                        )}
                        {text(item.title, item.params)}
                      </p>
                      <p className="text-sm mt-1">{text(item.message, item.params)}</p>
                      <p className="text-xs opacity-80 mt-1 flex flex-wrap gap-1 items-center">
                        <Badge variant={PRIORITY_VARIANT[item.priority] ?? 'ghost'} size="sm">
                          {t(`notifications.priority.${item.priority}`, { defaultValue: item.priority })}
                        </Badge>
                        <time dateTime={item.timestamp}>
                          {formatRelativeTime(item.timestamp, Date.now(), locale)}
                        </time>
                      </p>
                    </div>
                    <div className="flex flex-col gap-1">
                      {!item.read && (
                        <ItemAction onClick={() => n.markRead(item.id)}>
                          {t('notifications.markRead')}
                        </ItemAction>
                      )}
                      <ItemAction onClick={() => n.remove(item.id)}>{t('notifications.remove')}</ItemAction>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Dropdown>
  );
}

/** A small action on one notification (mark read, remove). */
function ItemAction({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="btn btn-ghost btn-xs" onClick={onClick}>
      {children}
    </button>
  );
}
