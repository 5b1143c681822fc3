/**
 * /entry-management: the traveller register. Reads the local database (works offline), lists
 * through a virtualised table or cards, and writes through the outbox. A load failure shows an
 * error with a retry, never invented people.
 */
import type { TravelerFilters } from '@bh/shared';
import { SearchX, UserPlus } from 'lucide-react';
import { Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActionButton } from '../../components/ui/action-button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTravelerList } from '../../db/use-traveler-list.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';
import { IntakeToolbar } from '../intake/intake-toolbar.tsx';
import { ExportButton } from './export-button.tsx';
import { FilterSheet } from './filter-sheet.tsx';
import { useLinkedFilter } from './linked-filter.tsx';
import { ImportDialog, SearchPanel, TravelerDetailsModal, TravelerFormModal } from './list-dialogs.tsx';
import { ListToolbar } from './list-toolbar.tsx';
import { activeFilterCount, EMPTY_FILTERS, withQuickSearch } from './quick-search.ts';
import { ShortcutsHelp } from './shortcuts-help.tsx';
import { StatsBar } from './stats-bar.tsx';
import { TravelerList } from './traveler-list.tsx';
import { type ShortcutAction, useListShortcuts } from './use-list-shortcuts.ts';
import { useReferenceLists, useTraveler, useWideScreen } from './use-travelers.ts';

type Dialog =
  | { kind: 'none' }
  | { kind: 'details' | 'edit'; id: string }
  | { kind: 'add' }
  | { kind: 'import' };

export default function EntryManagementPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<TravelerFilters>(EMPTY_FILTERS);
  const [query, setQuery] = useState('');
  const [sheetOpen, setSheetOpen] = useState(false);
  // The phone's filter sheet gets its panel when first opened, then keeps it (and what was typed).
  const [sheetUsed, setSheetUsed] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const deferredQuery = useDeferredValue(query);
  const effective = useMemo(() => withQuickSearch(filters, deferredQuery), [filters, deferredQuery]);
  const search = useTravelerList(effective);
  const { state, stats, retry } = search;
  // Filters a link brought (the dashboard's figures) narrow the search results.
  const linked = useLinkedFilter(search.items);
  const { items } = linked;
  const lists = useReferenceLists();
  const wide = useWideScreen();
  const sync = useSyncState();
  // The home's "add traveller" opens the form at once (?add=1); a saved scan opens its traveller (?open=id).
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(() => {
    const open = params.get('open');
    if (open) return { kind: 'details', id: open };
    return params.get('add') === '1' ? { kind: 'add' } : { kind: 'none' };
  });
  const selectedId = dialog.kind === 'details' || dialog.kind === 'edit' ? dialog.id : null;
  const selected = useTraveler(selectedId);
  const close = () => setDialog({ kind: 'none' });
  const [panelKey, setPanelKey] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const clearAll = () => {
    setQuery('');
    setFilters(EMPTY_FILTERS);
    setPanelKey((k) => k + 1); // a fresh search panel: its fields empty too
  };
  const shortcut = useCallback((action: ShortcutAction) => {
    if (action === 'search') searchRef.current?.focus();
    else if (action === 'add') setDialog({ kind: 'add' });
    else if (action === 'scan') document.querySelector<HTMLElement>('[data-testid="scan-button"]')?.click();
    else setHelpOpen(true);
  }, []);
  useListShortcuts(shortcut);

  let content: React.ReactNode;
  if (state.status === 'error') {
    content = (
      <div role="alert" className="alert alert-error" data-testid="travelers-error">
        <span>{t('travelers.loadError')}</span>
        <button type="button" className="btn btn-sm" onClick={() => void retry()}>
          {t('travelers.retry')}
        </button>
      </div>
    );
  } else if (state.status === 'loading') {
    content = (
      <div className="flex justify-center items-center gap-2 py-12" data-testid="travelers-loading">
        <Spinner label={t('travelers.loading')} className="loading-lg" />
        <span>{t('travelers.loading')}</span>
      </div>
    );
  } else if (stats.total === 0 && sync.lastSyncTime === null && sync.status === 'syncing') {
    // A device that never synced: the register is on its way, not empty.
    content = (
      <div className="card bg-base-100 shadow-sm p-8 text-center" data-testid="travelers-first-sync">
        <Spinner label={t('travelers.firstSync.title')} className="loading-lg mx-auto" />
        <p className="text-lg font-semibold mt-2">{t('travelers.firstSync.title')}</p>
        <p className="opacity-80">{t('travelers.firstSync.description')}</p>
      </div>
    );
  } else if (items.length === 0) {
    // Say what to do next: clear what hides everyone, or add the first traveller.
    const filtered = stats.total > 0;
    content = (
      <div
        className="card bg-base-100 shadow-sm p-8 text-center items-center gap-2"
        data-testid="travelers-empty"
        data-reason={filtered ? 'filtered' : 'none'}
      >
        {filtered ? (
          <SearchX aria-hidden="true" className="size-10 opacity-60" />
        ) : (
          <UserPlus aria-hidden="true" className="size-10 opacity-60" />
        )}
        <p className="text-lg font-semibold">
          {t(filtered ? 'phone.empty.filteredTitle' : 'phone.empty.noneTitle')}
        </p>
        <p className="opacity-80">{t(filtered ? 'phone.empty.filteredHint' : 'phone.empty.noneHint')}</p>
        {filtered ? (
          <ActionButton className="btn btn-outline min-h-11" onClick={clearAll} testId="empty-clear">
            {t('phone.empty.clear')}
          </ActionButton>
        ) : (
          <ActionButton className="btn btn-primary min-h-11" onClick={() => setDialog({ kind: 'add' })}>
            {t('travelers.add')}
          </ActionButton>
        )}
      </div>
    );
  } else {
    content = (
      <TravelerList
        items={items}
        countries={lists.countries}
        wide={wide}
        onView={(id) => setDialog({ kind: 'details', id })}
        onEdit={(id) => setDialog({ kind: 'edit', id })}
      />
    );
  }

  const more = (
    <>
      <ExportButton online={sync.isOnline} />
      <ActionButton
        className="btn btn-sm"
        onClick={() => setDialog({ kind: 'import' })}
        disabled={!sync.isOnline}
      >
        {t('travelers.import.button')}
      </ActionButton>
    </>
  );
  const panel = (
    <Suspense
      fallback={<div className="card bg-base-100 shadow-sm min-h-36" data-testid="traveler-search-loading" />}
    >
      <SearchPanel
        key={panelKey}
        onSearch={(next) => {
          setFilters(next);
          setSheetOpen(false);
        }}
      />
    </Suspense>
  );

  return (
    <div className="flex flex-col gap-3 max-w-7xl mx-auto">
      <header>
        <h1 className="text-xl sm:text-2xl font-bold">{t('travelers.title')}</h1>
        <p className="text-sm opacity-80 max-sm:hidden">{t('travelers.subtitle')}</p>
        <IntakeToolbar />
      </header>
      <ListToolbar
        query={query}
        onQuery={setQuery}
        searchRef={searchRef}
        wide={wide}
        activeFilters={activeFilterCount(filters)}
        onOpenFilters={() => {
          setSheetUsed(true);
          setSheetOpen(true);
        }}
        onAdd={() => setDialog({ kind: 'add' })}
        onHelp={() => setHelpOpen(true)}
        more={more}
      />
      {!sync.isOnline && (
        <div
          role="status"
          className="alert alert-warning alert-soft text-sm py-2"
          data-testid="travelers-offline"
        >
          {t('travelers.offline')}
        </div>
      )}
      {sync.pullProgress !== null && (
        <div role="status" className="text-sm" data-testid="pull-progress">
          <progress
            className="progress progress-primary w-full"
            value={Math.round(sync.pullProgress * 100)}
            max={100}
          />
          {t('travelers.pullProgress', { percent: Math.round(sync.pullProgress * 100) })}
        </div>
      )}
      {linked.banner}
      {wide ? (
        panel
      ) : (
        <FilterSheet open={sheetOpen} onClose={() => setSheetOpen(false)}>
          {sheetUsed && panel}
        </FilterSheet>
      )}
      <StatsBar stats={stats} compact={!wide} />
      {state.status === 'ready' && (
        <p className="text-sm opacity-80" aria-live="polite" data-testid="travelers-count">
          {t('travelers.results', { count: items.length, formatParams: { count: { lng: i18n.language } } })}
        </p>
      )}
      {content}
      <Suspense fallback={dialog.kind === 'none' ? null : <Spinner label={t('travelers.loading')} />}>
        {dialog.kind === 'details' && <TravelerDetailsModal traveler={selected} onClose={close} />}
        {dialog.kind === 'add' && <TravelerFormModal open traveler={null} onClose={close} />}
        {dialog.kind === 'edit' && selected && <TravelerFormModal open traveler={selected} onClose={close} />}
        {dialog.kind === 'import' && <ImportDialog onClose={close} />}
      </Suspense>
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
