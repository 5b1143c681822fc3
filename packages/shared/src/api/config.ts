/** GET /api/config/*: the reference lists (the data is in domain/reference.ts). */
import { z } from 'zod';
import { keyed, plainShape } from '../schemas/common.ts';

const text = () => z.string(keyed());
const localizedTextSchema = plainShape({ vi: text(), en: text(), ja: text() });

const countrySchema = plainShape({ code: text(), name: localizedTextSchema });
const airportSchema = plainShape({ code: text(), name: text(), city: localizedTextSchema });

const items = <T extends z.ZodType>(item: T) => plainShape({ items: z.array(item, keyed()) });

/** /countries and /nationalities. */
export const countryListSchema = items(countrySchema);
export const languageListSchema = items(plainShape({ code: text(), name: text() }));
export const currencyListSchema = items(plainShape({ code: text(), symbol: text() }));
export const airportListsSchema = plainShape({
  origins: z.array(airportSchema, keyed()),
  destinations: z.array(airportSchema, keyed()),
});
export const flightSuggestionListSchema = items(text());
