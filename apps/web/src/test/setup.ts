import 'fake-indexeddb/auto';
import { loadEveryText } from '../i18n/index.ts';

// Every language's texts, as the tests read English and check all three.
await loadEveryText();
