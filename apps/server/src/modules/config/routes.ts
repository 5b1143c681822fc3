/**
 * Reference lists for the apps (SPEC section 7 "config ..."), served from packages/shared so
 * the server, the form rules and the device's offline copy agree. Logged-in users only; the
 * device keeps the answers in IndexedDB for offline use.
 *
 * Shapes: /countries `{items: Country[]}` (every country known, the search panel's list);
 * /nationalities `{items: Country[]}` (the traveller form's list); /languages, /currencies
 * `{items}`; /airports `{origins, destinations}`; /flight-suggestions `{items: string[]}`.
 */
import {
  COUNTRIES,
  DESTINATION_AIRPORTS,
  FILTER_COUNTRIES,
  FLIGHT_SUGGESTIONS,
  ORIGIN_AIRPORTS,
} from '@bh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const LANGUAGES = [
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'en', name: 'English' },
  { code: 'ja', name: '日本語' },
] as const;

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
] as const;

const LISTS: Record<string, unknown> = {
  countries: { items: FILTER_COUNTRIES },
  nationalities: { items: COUNTRIES },
  languages: { items: LANGUAGES },
  currencies: { items: CURRENCIES },
  airports: { origins: ORIGIN_AIRPORTS, destinations: DESTINATION_AIRPORTS },
  'flight-suggestions': { items: FLIGHT_SUGGESTIONS },
};

export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [name, body] of Object.entries(LISTS)) {
    app.get(`/api/config/${name}`, { onRequest: app.requireAuth }, async (_request, reply) =>
      // Private: lists are for logged-in users; an hour is fresh enough for fixed data.
      reply.header('Cache-Control', 'private, max-age=3600').send(body),
    );
  }
};
