/**
 * The list's dialogs and its search panel load apart from the list: the form's and the panel's
 * date fields and country combobox (React Aria) and the details' timeline are not part of the
 * list's first load (scripts/bundle-size.mjs). The list preloads them as soon as the browser is
 * idle after its first paint, so a dialog opened a moment later (or offline: the module is then
 * already in the page) opens at once; the service worker precaches every chunk for a reload.
 */
import { lazy } from 'react';

/** One shared import per module (a preload and the first render use the same one); a failed
 * import (offline before the module arrived) is tried again on the next call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}

const formModal = once(() => import('./traveler-form-modal.tsx'));
const detailsModal = once(() => import('./traveler-details-modal.tsx'));
const importDialog = once(() => import('./import-dialog.tsx'));
const searchPanel = once(() => import('./search-panel.tsx'));

export const TravelerFormModal = lazy(() => formModal().then((m) => ({ default: m.TravelerFormModal })));
export const TravelerDetailsModal = lazy(() =>
  detailsModal().then((m) => ({ default: m.TravelerDetailsModal })),
);
export const ImportDialog = lazy(() => importDialog().then((m) => ({ default: m.ImportDialog })));
export const SearchPanel = lazy(() => searchPanel().then((m) => ({ default: m.SearchPanel })));

/** Loads every module above when the browser is next idle (Safari: after a short delay). */
export function preloadListDialogs(): () => void {
  const load = () => {
    for (const next of [searchPanel, formModal, detailsModal, importDialog]) void next().catch(() => {});
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(load, 500);
  return () => window.clearTimeout(id);
}
