/**
 * Start-up work of the offline app that must not wait for the settings page to load. The
 * settings' effects (settings-effects.ts) start with the sync engine once someone is logged in
 * (main.tsx): they need the database layer, which the login screen does not download.
 */
import { captureInstallPrompt } from './install-prompt.ts';
import { startPushLifecycle } from './push-client.ts';
import { startStoragePersistence } from './storage-persistence.ts';

export function startPwa() {
  captureInstallPrompt();
  startStoragePersistence();
  startPushLifecycle();
}
