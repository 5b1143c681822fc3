/**
 * The list's toolbar, first thing under the title on every size: a quick search (name or
 * passport), the Scan slot, the filters button with the number of active filters (phones; wide
 * layouts show the filters inline) and Add. On phones import and export fold into "More".
 */
import { Ellipsis, Keyboard, Plus, Search, SlidersHorizontal } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { ScanSlot } from './scan-slot.tsx';

export function ListToolbar({
  query,
  onQuery,
  searchRef,
  wide,
  activeFilters,
  onOpenFilters,
  onAdd,
  onHelp,
  more,
}: {
  query: string;
  onQuery: (text: string) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  wide: boolean;
  activeFilters: number;
  onOpenFilters: () => void;
  onAdd: () => void;
  /** Opens the keyboard shortcuts' help (a button on wide screens, "?" everywhere). */
  onHelp: () => void;
  /** Import and export; inline on wide screens, in a menu on phones. */
  more: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2" data-testid="list-toolbar">
      <label className="input min-h-11 flex-1 min-w-0 flex items-center gap-2" data-testid="quick-search-box">
        <Search aria-hidden="true" className="size-4 opacity-70 shrink-0" />
        <input
          ref={searchRef}
          type="search"
          className="grow min-w-0"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          placeholder={t('phone.search.placeholder')}
          aria-label={t('phone.search.label')}
          aria-keyshortcuts="/"
          data-testid="quick-search"
        />
      </label>
      <ScanSlot />
      {!wide && (
        <button
          type="button"
          className="btn btn-outline btn-square min-h-11 min-w-11 relative"
          onClick={onOpenFilters}
          aria-label={t('phone.filters.open', { count: activeFilters })}
          data-testid="filters-open"
        >
          <SlidersHorizontal aria-hidden="true" className="size-5" />
          {activeFilters > 0 && (
            <span
              className="badge badge-primary badge-sm absolute -top-2 -end-2"
              data-testid="filters-count"
              aria-hidden="true"
            >
              {activeFilters}
            </span>
          )}
        </button>
      )}
      <button
        type="button"
        className="btn btn-primary min-h-11 min-w-11 max-sm:btn-square"
        onClick={onAdd}
        data-testid="traveler-add"
        aria-label={t('travelers.add')}
        aria-keyshortcuts="n"
      >
        <Plus aria-hidden="true" className="size-5" />
        <span className="max-sm:hidden">{t('travelers.add')}</span>
      </button>
      {wide ? (
        <div className="flex gap-2 items-start">
          {more}
          <button
            type="button"
            className="btn btn-ghost btn-square min-h-11 min-w-11 max-lg:hidden"
            onClick={onHelp}
            aria-label={t('phone.shortcuts.open')}
            title={t('phone.shortcuts.open')}
            data-testid="shortcuts-open"
          >
            <Keyboard aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : (
        <Dropdown
          button={<Ellipsis aria-hidden="true" className="size-5" />}
          buttonLabel={t('phone.more')}
          buttonClassName="btn btn-ghost btn-square min-h-11 min-w-11"
          panelClassName="p-2 flex flex-col gap-2 w-56"
          testId="list-more"
        >
          {() => more}
        </Dropdown>
      )}
    </div>
  );
}
