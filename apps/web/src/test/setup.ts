import 'fake-indexeddb/auto';
import { loadLocale } from '../i18n/index.ts';

// Every language's texts, as the tests read English and check all three.
await Promise.all([loadLocale('en'), loadLocale('ja')]);
