/** Translating the errors of a react-hook-form form (messages are i18n keys; see shared-resolver.ts). */

import { type FieldError, type FieldErrors, type FieldValues, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' && value !== null && 'message' in value && typeof value.message === 'string'
  );
}

/** The error of a field (dotted path) as an i18n key and its interpolation values, or null. */
export function fieldErrorKey(
  errors: FieldErrors,
  name: string,
): { key: string; params: Record<string, string> } | null {
  const error: unknown = get(errors, name);
  if (!isFieldError(error) || !error.message) return null;
  const params: Record<string, string> = {};
  for (const [param, value] of Object.entries(error.types ?? {})) {
    if (typeof value === 'string') params[param] = value;
  }
  return { key: error.message, params };
}

/** `errorOf(name)`: the translated error text of a field, or null when it has none. */
export function useErrorText<V extends FieldValues>(errors: FieldErrors<V>): (name: string) => string | null {
  const { t } = useTranslation();
  return (name) => {
    const found = fieldErrorKey(errors, name);
    return found ? t(found.key, found.params) : null;
  };
}
