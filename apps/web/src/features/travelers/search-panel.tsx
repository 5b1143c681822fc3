import { type Country, pickLocale, type TravelerFilters, travelerFiltersSchema } from '@bh/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const EMPTY_FILTERS: Required<TravelerFilters> = {
  fullName: '',
  passportNo: '',
  nationality: '',
  entryDateFrom: '',
  entryDateTo: '',
};

/** The spec's search panel: the filters apply on Search (or Enter) and reset on Clear. */
export function SearchPanel({
  countries,
  onSearch,
}: {
  countries: readonly Country[];
  onSearch: (filters: TravelerFilters) => void;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(EMPTY_FILTERS);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof TravelerFilters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = travelerFiltersSchema.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'validation.invalid_type');
      return;
    }
    setError(null);
    onSearch(parsed.data);
  };
  const clear = () => {
    setDraft(EMPTY_FILTERS);
    setError(null);
    onSearch(EMPTY_FILTERS);
  };

  const input = 'input input-sm w-full';
  return (
    <form
      onSubmit={submit}
      className="card bg-base-100 shadow-sm p-3 sm:p-4"
      aria-label={t('travelers.search.title')}
      data-testid="traveler-search"
    >
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
        <label className="flex flex-col gap-1 text-sm">
          <span>{t('travelers.search.fullName')}</span>
          <input id="search-fullName" className={input} value={draft.fullName} onChange={set('fullName')} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>{t('travelers.search.passportNo')}</span>
          <input
            id="search-passportNo"
            className={input}
            value={draft.passportNo}
            onChange={set('passportNo')}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>{t('travelers.search.nationality')}</span>
          <select
            id="search-nationality"
            className="select select-sm w-full"
            value={draft.nationality}
            onChange={set('nationality')}
          >
            <option value="">{t('travelers.search.allNationalities')}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {pickLocale(c.name, i18n.language)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>{t('travelers.search.entryDateFrom')}</span>
          <input
            id="search-entryDateFrom"
            type="date"
            className={input}
            value={draft.entryDateFrom}
            onChange={set('entryDateFrom')}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>{t('travelers.search.entryDateTo')}</span>
          <input
            id="search-entryDateTo"
            type="date"
            className={input}
            value={draft.entryDateTo}
            onChange={set('entryDateTo')}
            aria-invalid={Boolean(error)}
          />
        </label>
      </div>
      {error && (
        <p className="text-error text-sm mt-2" role="alert">
          {t(error)}
        </p>
      )}
      <div className="flex gap-2 mt-3 justify-end">
        <button type="button" className="btn btn-sm btn-ghost" onClick={clear} data-testid="search-clear">
          {t('travelers.search.clear')}
        </button>
        <button type="submit" className="btn btn-sm btn-primary" data-testid="search-submit">
          {t('travelers.search.submit')}
        </button>
      </div>
    </form>
  );
}
