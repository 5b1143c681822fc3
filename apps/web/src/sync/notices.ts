/** Sync notices for the UI (translated keys), newest last; the layout shows them as toasts. */
import { useSyncExternalStore } from 'react';
import type { SyncNotice } from './engine.ts';

export interface ShownNotice extends SyncNotice {
  id: number;
  at: number;
}

let notices: ShownNotice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function pushNotice(notice: SyncNotice) {
  const last = notices.at(-1);
  if (last && last.key === notice.key && Date.now() - last.at < 5000) return;
  notices = [...notices.slice(-4), { ...notice, id: nextId++, at: Date.now() }];
  emit();
}

export function dismissNotice(id: number) {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

export function useNotices(): ShownNotice[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => notices,
    () => notices,
  );
}
