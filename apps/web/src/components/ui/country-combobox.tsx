/**
 * Country picker: every ISO 3166 country named in the UI language (Intl.DisplayNames), filtered
 * as one types by its name in the language, its English name or its two- or three-letter code,
 * accent- and case-insensitive (i18n/country-search.ts), built on React Aria's ComboBox so
 * screen readers and keyboards get a real combobox. The value is the two-letter code ('' for
 * none). The list is filtered here: React Aria filters only by the item's own text.
 */
import './react-aria-csp.ts';
import { alpha2FromMrz } from '@bh/shared';
import { ChevronDown } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Button, ComboBox, Input, ListBox, ListBoxItem, Popover } from 'react-aria-components/ComboBox';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../i18n/countries.ts';
import { filterCountries, type SearchableCountry, searchableCountries } from '../../i18n/country-search.ts';
import { Field } from './field.tsx';
import type { PickerFieldProps } from './picker-field.ts';

export interface CountryComboboxProps extends PickerFieldProps {
  /** Extra choice at the top meaning "no country" (e.g. "All nationalities" in a filter). */
  emptyLabel?: string;
}

const EMPTY = '__none__';

export function CountryCombobox({
  id,
  label,
  value,
  onChange,
  emptyLabel,
  invalid,
  describedBy,
  required,
  name,
  size = 'md',
  testId,
}: CountryComboboxProps) {
  const { t, i18n } = useTranslation();
  const wrapper = useRef<HTMLDivElement>(null);
  const items = useMemo<SearchableCountry[]>(() => {
    const all = searchableCountries(countryOptions(i18n.language));
    return emptyLabel ? [{ code: EMPTY, name: emptyLabel }, ...all] : all;
  }, [i18n.language, emptyLabel]);
  const selected = value ? value.toUpperCase() : emptyLabel ? EMPTY : null;
  // What the officer typed; the chosen country's own name (the input after a choice) shows all.
  const [typed, setTyped] = useState('');
  const selectedName = items.find((item) => item.code === selected)?.name;
  const shown = useMemo(
    () => (typed === selectedName ? items : filterCountries(items, typed, alpha2FromMrz)),
    [items, typed, selectedName],
  );
  return (
    <div ref={wrapper} data-testid={testId} data-value={value}>
      <ComboBox
        aria-label={label}
        items={shown}
        selectedKey={selected}
        onInputChange={setTyped}
        onSelectionChange={(key) => {
          if (key === null) return;
          const code = String(key);
          onChange(code === EMPTY ? '' : code);
        }}
        isInvalid={invalid}
        isRequired={required}
        name={name}
        menuTrigger="focus"
        className="w-full"
      >
        <div className="relative">
          <Input
            id={id}
            aria-describedby={describedBy}
            className={`input w-full pe-10 ${size === 'sm' ? 'input-sm' : ''}`}
            placeholder={t('values.country.search')}
          />
          <Button
            aria-label={t('values.country.open')}
            className="absolute inset-y-0 end-0 flex items-center justify-center w-10 cursor-pointer"
          >
            <ChevronDown aria-hidden="true" className="size-4 opacity-70" />
          </Button>
        </div>
        <Popover
          // Inside a modal <dialog> the list must live in the dialog's top layer to be usable.
          UNSTABLE_portalContainer={wrapper.current?.closest('dialog') ?? undefined}
          className="bg-base-100 border border-base-300 rounded-box shadow-lg w-(--trigger-width) max-h-72 overflow-auto"
        >
          <ListBox className="p-1 outline-none" data-testid={testId ? `${testId}-options` : undefined}>
            {(item: SearchableCountry) => (
              <ListBoxItem
                id={item.code}
                textValue={item.name}
                data-code={item.code}
                className="px-3 py-2 min-h-11 flex items-center rounded-field cursor-pointer outline-none data-[focused]:bg-base-200 data-[selected]:font-semibold"
              >
                {item.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </div>
  );
}

/** A traveller's nationality as a form field: its label, its error and the country picker. */
export function NationalityField({
  error,
  value,
  onChange,
  testId,
}: {
  error?: string | null;
  value: string;
  onChange: (code: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const label = t('travelers.field.nationality');
  return (
    <Field label={label} error={error} required>
      {(ctl) => (
        <CountryCombobox
          id={ctl.id}
          label={label}
          describedBy={ctl['aria-describedby']}
          invalid={ctl['aria-invalid']}
          required
          value={value}
          onChange={onChange}
          testId={testId}
        />
      )}
    </Field>
  );
}
