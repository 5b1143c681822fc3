/** The list's dialogs and search panel as lazy components (list-dialog-loaders.ts says why). */
import { lazy } from 'react';
import { loadDetailsModal, loadFormModal, loadImportDialog, loadSearchPanel } from './list-dialog-loaders.ts';

export const TravelerFormModal = lazy(() => loadFormModal().then((m) => ({ default: m.TravelerFormModal })));
export const TravelerDetailsModal = lazy(() =>
  loadDetailsModal().then((m) => ({ default: m.TravelerDetailsModal })),
);
export const ImportDialog = lazy(() => loadImportDialog().then((m) => ({ default: m.ImportDialog })));
export const SearchPanel = lazy(() => loadSearchPanel().then((m) => ({ default: m.SearchPanel })));
