import 'fake-indexeddb/auto';
import { loadEveryText } from '../i18n/index.ts';
import { keysFromRaw } from '../lib/device-key.ts';
import { unlockDevice } from '../lib/device-lock.ts';

// The app's database is sealed (db/sealing.ts): the tests run unlocked, with a key of their own.
unlockDevice(await keysFromRaw(crypto.getRandomValues(new Uint8Array(32))));

// Every language's texts, as the tests read English and check all three.
await loadEveryText();
