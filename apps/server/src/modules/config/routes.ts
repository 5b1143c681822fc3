/**
 * Reference lists for the apps, served from packages/shared so the server, the form rules and
 * the device's offline copy agree. Logged-in users only; the device keeps the answers in
 * IndexedDB for offline use.
 *
 * Shapes: /countries `{items: Country[]}` (every country known, the search panel's list);
 * /nationalities `{items: Country[]}` (the traveller form's list); /languages, /currencies
 * `{items}`; /airports `{origins, destinations}`; /flight-suggestions `{items: string[]}`.
 */
import {
  airportListsSchema,
  COUNTRIES,
  countryListSchema,
  currencyListSchema,
  DESTINATION_AIRPORTS,
  FILTER_COUNTRIES,
  FLIGHT_SUGGESTIONS,
  flightSuggestionListSchema,
  languageListSchema,
  ORIGIN_AIRPORTS,
} from '@bh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses } from '../../lib/responses.ts';
import { BEARER } from '../../plugins/openapi.ts';

const LANGUAGES = [
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'en', name: 'English' },
  { code: 'ja', name: '日本語' },
];

/** Currencies of the countries in the lists (ISO 4217). */
const CURRENCIES = [
  { code: 'VND', symbol: '₫' },
  { code: 'USD', symbol: '$' },
  { code: 'JPY', symbol: '¥' },
  { code: 'KRW', symbol: '₩' },
  { code: 'CNY', symbol: '¥' },
  { code: 'THB', symbol: '฿' },
  { code: 'SGD', symbol: 'S$' },
  { code: 'MYR', symbol: 'RM' },
  { code: 'AUD', symbol: 'A$' },
  { code: 'GBP', symbol: '£' },
  { code: 'EUR', symbol: '€' },
];

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  /** One read-only list route with its response schema. */
  const serve = <S extends z.ZodType>(name: string, schema: S, body: z.input<S>) =>
    app.get(
      `/api/config/${name}`,
      {
        onRequest: app.requireAuth,
        schema: {
          tags: ['config'],
          security: BEARER,
          response: { 200: schema, ...errorResponses('unauthorized') },
        },
      },
      // Private: lists are for logged-in users; an hour is fresh enough for fixed data.
      async (_request, reply) => reply.header('Cache-Control', 'private, max-age=3600').send(body),
    );
  serve('countries', countryListSchema, { items: [...FILTER_COUNTRIES] });
  serve('nationalities', countryListSchema, { items: [...COUNTRIES] });
  serve('languages', languageListSchema, { items: LANGUAGES });
  serve('currencies', currencyListSchema, { items: CURRENCIES });
  serve('airports', airportListsSchema, {
    origins: [...ORIGIN_AIRPORTS],
    destinations: [...DESTINATION_AIRPORTS],
  });
  serve('flight-suggestions', flightSuggestionListSchema, { items: [...FLIGHT_SUGGESTIONS] });
};
