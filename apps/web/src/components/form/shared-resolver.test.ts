import { loginFormSchema, validateWith } from '@bh/shared';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorKey } from './field-error.ts';
import { schemaResolver, validationResolver } from './shared-resolver.ts';

const options = <V extends Record<string, unknown>>(): ResolverOptions<V> => ({
  fields: {},
  shouldUseNativeValidation: false,
});

describe('shared resolvers', () => {
  it('answers the parsed value when the shared schema accepts the form', async () => {
    const resolve = schemaResolver(loginFormSchema);
    const answer = await resolve({ email: 'a@demo.vn', password: 'secret1' }, undefined, options());
    expect(answer).toEqual({ values: { email: 'a@demo.vn', password: 'secret1' }, errors: {} });
  });

  it('gives each field its shared i18n key, with the {{min}} value kept for the message', async () => {
    const resolve = schemaResolver(loginFormSchema);
    const answer = await resolve({ email: '', password: '12345' }, undefined, options());
    expect(fieldErrorKey(answer.errors, 'email')).toEqual({ key: 'validation.required', params: {} });
    expect(fieldErrorKey(answer.errors, 'password')).toEqual({
      key: 'validation.min_length',
      params: { min: '6' },
    });
    expect(fieldErrorKey(answer.errors, 'rememberMe')).toBeNull();
  });

  it('nests dotted paths so a section error is found by its path', async () => {
    const schema = z.object({
      contactHistory: z.object({ notes: z.string().max(2, 'validation.max_length') }),
    });
    const resolve = validationResolver((values: { notes: string }) =>
      validateWith(schema, { contactHistory: { notes: values.notes } }),
    );
    const answer = await resolve({ notes: 'long' }, undefined, options());
    expect(fieldErrorKey(answer.errors, 'contactHistory.notes')).toEqual({
      key: 'validation.max_length',
      params: { max: '2' },
    });
  });
});
