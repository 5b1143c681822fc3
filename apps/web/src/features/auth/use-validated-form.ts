/**
 * Form state validated with a shared zod schema on change and on blur (debounced, 5 ms as the
 * spec says). Errors are i18n keys; a field shows its error once touched or after a submit.
 */
import { type FieldErrorParams, type FieldErrors, validateWith } from '@bh/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

export function useValidatedForm<V extends Record<string, unknown>>(
  schema: z.ZodType,
  initial: V,
  delayMs = 5,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<{ errors: FieldErrors; params: FieldErrorParams }>({
    errors: {},
    params: {},
  });
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const run = useCallback(
    (next: V) => {
      const result = validateWith(schema, next);
      const found = result.ok ? { errors: {}, params: {} } : { errors: result.errors, params: result.params };
      setErrors(found);
      return result;
    },
    [schema],
  );
  const schedule = useCallback(
    (next: V) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => run(next), delayMs);
    },
    [run, delayMs],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  const setField = <K extends keyof V>(name: K, value: V[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setTouched((old) => ({ ...old, [name]: true }));
    setServerErrors((old) => ({ ...old, [name as string]: '' }));
    schedule(next);
  };
  const blur = (name: keyof V) => {
    setTouched((old) => ({ ...old, [name]: true }));
    schedule(values);
  };
  /** Validates now; marks every field touched. */
  const submit = () => {
    clearTimeout(timer.current);
    setSubmitted(true);
    return run(values);
  };
  const errorOf = (name: keyof V & string): string | null => {
    if (serverErrors[name]) return t(serverErrors[name]);
    if (!(submitted || touched[name])) return null;
    const key = errors.errors[name];
    return key ? t(key, errors.params[name] ?? {}) : null;
  };
  const reset = () => {
    setValues(initial);
    setTouched({});
    setSubmitted(false);
    setErrors({ errors: {}, params: {} });
    setServerErrors({});
  };
  return {
    values,
    setValues,
    setField,
    blur,
    submit,
    errorOf,
    reset,
    setServerError: (name: string, key: string) => setServerErrors((old) => ({ ...old, [name]: key })),
  };
}
