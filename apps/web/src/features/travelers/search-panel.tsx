import type { TravelerFilters } from '@bh/shared';
import { travelerFiltersSchema } from '@bh/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/form/field-error.ts';
import { schemaResolver } from '../../components/form/shared-resolver.ts';
import { CountryCombobox } from '../../components/ui/country-combobox.tsx';
import { AppDateField } from '../../components/ui/date-field.tsx';
import { EMPTY_FILTERS } from './quick-search.ts';

const FILTER_FIELDS = ['fullName', 'passportNo', 'nationality', 'entryDateFrom', 'entryDateTo'] as const;
const resolver = schemaResolver(travelerFiltersSchema);

/** The spec's search panel: the filters apply on Search (or Enter) and reset on Clear. */
export function SearchPanel({ onSearch }: { onSearch: (filters: TravelerFilters) => void }) {
  const { t } = useTranslation();
  // Checked on Search only; one line shows the first problem.
  const { register, handleSubmit, reset, formState, control } = useForm<
    TravelerFilters,
    unknown,
    TravelerFilters
  >({
    resolver,
    defaultValues: EMPTY_FILTERS,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const errorOf = useErrorText(formState.errors);
  const error = FILTER_FIELDS.map(errorOf).find((text) => text !== null) ?? null;

  const submit = handleSubmit(onSearch);
  const clear = () => {
    reset(EMPTY_FILTERS);
    onSearch(EMPTY_FILTERS);
  };

  const input = 'input input-sm w-full';
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="card bg-base-100 shadow-sm p-3 sm:p-4"
      aria-label={t('travelers.search.title')}
      data-testid="traveler-search"
    >
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5">
        <label className="flex flex-col gap-1 text-sm">
          <span>{t('travelers.search.fullName')}</span>
          <input id="search-fullName" className={input} {...register('fullName')} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>{t('travelers.search.passportNo')}</span>
          <input id="search-passportNo" className={input} {...register('passportNo')} />
        </label>
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="search-nationality">{t('travelers.search.nationality')}</label>
          <Controller
            control={control}
            name="nationality"
            render={({ field }) => (
              <CountryCombobox
                id="search-nationality"
                size="sm"
                label={t('travelers.search.nationality')}
                emptyLabel={t('travelers.search.allNationalities')}
                value={field.value ?? ''}
                onChange={field.onChange}
                testId="search-nationality"
              />
            )}
          />
        </div>
        {(['entryDateFrom', 'entryDateTo'] as const).map((name) => (
          <div key={name} className="flex flex-col gap-1 text-sm">
            <span id={`search-${name}-label`}>{t(`travelers.search.${name}`)}</span>
            <Controller
              control={control}
              name={name}
              render={({ field }) => (
                <AppDateField
                  size="sm"
                  label={t(`travelers.search.${name}`)}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  invalid={name === 'entryDateTo' && Boolean(error)}
                  testId={`search-${name}`}
                />
              )}
            />
          </div>
        ))}
      </div>
      {error && (
        <p className="text-error text-sm mt-2" role="alert">
          {error}
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
