/** Sync notices for the UI (translated keys), newest last; the layout shows them as toasts. */
import { createStore } from '../lib/store.ts';
import type { SyncNotice } from './types.ts';

export interface ShownNotice extends SyncNotice {
  id: number;
  at: number;
}

const noticeStore = createStore<ShownNotice[]>([]);
let nextId = 1;

export function pushNotice(notice: SyncNotice) {
  const last = noticeStore.get().at(-1);
  if (last && last.key === notice.key && Date.now() - last.at < 5000) return;
  noticeStore.set((notices) => [...notices.slice(-4), { ...notice, id: nextId++, at: Date.now() }]);
}

export function dismissNotice(id: number) {
  noticeStore.set((notices) => notices.filter((n) => n.id !== id));
}

export function useNotices(): ShownNotice[] {
  return noticeStore.use();
}
