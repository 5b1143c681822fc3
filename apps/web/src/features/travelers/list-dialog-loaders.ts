/**
 * The modules of the list's dialogs and search panel, loaded apart from the list: the form's and
 * the panel's date fields and country combobox (React Aria) and the details' timeline are not
 * part of the list's first load (scripts/bundle-size.mjs). Until the service worker serves the
 * page, the route starts them in the same moment as the list's own chunk (app/routes.ts), without
 * waiting for them: a dialog opened as soon as the list shows, even when the network drops right
 * then and the service worker has not cached the chunks yet, still opens. Once it serves the page
 * (it precached every chunk), each module loads when first needed (preloadListDialogs).
 */

/** One shared import per module (the route's preload and the first render use the same one);
 * a failed import (offline before the module arrived) is tried again on the next call. */
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

export const loadFormModal = once(() => import('./traveler-form-modal.tsx'));
export const loadDetailsModal = once(() => import('./traveler-details-modal.tsx'));
export const loadImportDialog = once(() => import('./import-dialog.tsx'));
export const loadSearchPanel = once(() => import('./search-panel.tsx'));

/**
 * Starts loading every module above (a failure is left to the dialog that needs it), unless the
 * service worker serves this page: it precached every chunk before it took control, so each
 * module then loads when first needed, offline too. Evaluating them all as the list started cost
 * the signed-in list its longest tasks after React's first render (React Aria's locale data, the
 * shared zod schemas; docs/decisions/013-measured-figures.md).
 */
export function preloadListDialogs() {
  if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) return;
  for (const load of [loadSearchPanel, loadFormModal, loadDetailsModal, loadImportDialog])
    void load().catch(() => {});
}
