/**
 * The current user's notifications: loaded when the frame mounts, refreshed every minute while
 * visible and on focus, and at once when the system mode changes (however the device learns
 * it: a push, the status poll, a sync pull), so the mode-change notice arrives with the mode.
 * Actions update the list at once, then call the server; a failed call reloads the list so the
 * screen never lies for long.
 */

import type { NotificationView } from '@bh/shared';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readSystemStatus } from '../../db/system-status-repo.ts';
import { ApiError } from '../../lib/api.ts';
import { notificationsApi } from './api.ts';

const REFRESH_MS = 60_000;

export interface NotificationsState {
  items: NotificationView[];
  unreadCount: number;
  loaded: boolean;
  error: string | null;
  markRead: (id: string) => void;
  markAllRead: () => void;
  remove: (id: string) => void;
  clearAll: () => void;
  reload: () => Promise<void>;
}

export function useNotifications(): NotificationsState {
  const [items, setItems] = useState<NotificationView[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    if (!navigator.onLine) return;
    try {
      const list = await notificationsApi.list();
      setItems(list.items);
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.code : 'unknown_error');
    } finally {
      setLoaded(true);
    }
  }, []);

  // A new mode on this device: its notice is on the server already.
  const mode = useLiveQuery(async () => (await readSystemStatus())?.mode ?? null, []);
  const seenMode = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (mode === undefined) return;
    if (seenMode.current !== undefined && seenMode.current !== mode) void reload();
    seenMode.current = mode;
  }, [mode, reload]);

  useEffect(() => {
    void reload();
    const refresh = () => {
      if (document.visibilityState === 'visible') void reload();
    };
    const timer = window.setInterval(refresh, REFRESH_MS);
    window.addEventListener('focus', refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', refresh);
    };
  }, [reload]);

  const run = useCallback(
    (update: (list: NotificationView[]) => NotificationView[], call: () => Promise<unknown>) => {
      setItems(update);
      call().catch(() => void reload());
    },
    [reload],
  );

  return {
    items,
    unreadCount: items.filter((n) => !n.read).length,
    loaded,
    error,
    reload,
    markRead: (id) =>
      run(
        (list) => list.map((n) => (n.id === id ? { ...n, read: true } : n)),
        () => notificationsApi.markRead(id),
      ),
    markAllRead: () => run((list) => list.map((n) => ({ ...n, read: true })), notificationsApi.markAllRead),
    remove: (id) =>
      run(
        (list) => list.filter((n) => n.id !== id),
        () => notificationsApi.remove(id),
      ),
    clearAll: () => run(() => [], notificationsApi.clearAll),
  };
}
