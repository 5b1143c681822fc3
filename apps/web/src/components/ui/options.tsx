/** The <option>s of a <select> over a closed list of values: one way to list choices everywhere. */
import { type Option, pickLocale } from '@bh/shared';
import { useTranslation } from 'react-i18next';

/** One <option> per value, labelled by `label` (usually a translation of the value). */
export function Options<T extends string>({
  values,
  label,
}: {
  values: readonly T[];
  label: (value: T) => string;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}

/** The options of a reference list (a value and its label in every locale), in the current language. */
export function LocalizedOptions({ options }: { options: readonly Option<string>[] }) {
  const { i18n } = useTranslation();
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {pickLocale(o.label, i18n.language)}
    </option>
  ));
}

/** A "choose…" empty first option (the select starts unanswered), then one <option> per choice. */
export function ChoiceOptions({
  placeholder,
  choices,
}: {
  placeholder: string;
  choices: readonly { value: string; label: string }[];
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </>
  );
}
