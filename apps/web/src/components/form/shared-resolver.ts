/**
 * react-hook-form resolvers over the shared validation (packages/shared), so a form shows the same
 * i18n keys the server answers with. zodResolver would keep only the message: the
 * {{min}}/{{max}} values of the length messages and the fallback keys of un-keyed issues would be
 * lost, so the resolver goes through the shared `validateWith` / `validate*Form` functions instead.
 * See docs/decisions/005-forms-react-hook-form.md.
 */
import { type MessageParams, type ValidationResult, validateWith } from '@bh/shared';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** The interpolation values ride in the error's `types` (string values, as rhf types them). */
function paramsAsTypes(params: MessageParams | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)]));
}

/** A resolver from a shared validation function; each error's message is its i18n key. */
export function validationResolver<V extends FieldValues, Out>(
  validate: (values: V) => ValidationResult<Out>,
): Resolver<V, unknown, Out> {
  return (values, _context, options) => {
    const result = validate(values);
    if (result.ok) return { values: result.value, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const [path, key] of Object.entries(result.errors)) {
      flat[path] = { type: 'validation', message: key, types: paramsAsTypes(result.params[path]) };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/** A resolver from a shared zod schema; the form's values are the schema's input. */
export function schemaResolver<S extends z.ZodType<unknown, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>>;
/** A resolver from a shared zod schema, the form's own values mapped to the schema's input first. */
export function schemaResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toInput: (values: V) => unknown,
): Resolver<V, unknown, z.output<S>>;
export function schemaResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toInput: (values: V) => unknown = (values) => values,
): Resolver<V, unknown, z.output<S>> {
  return validationResolver((values: V) => validateWith(schema, toInput(values)));
}
