/**
 * Start-up work of the offline app that must not wait for the settings page to load. The
 * settings' effects (settings-effects.ts) start with the sync engine once someone is logged in
 * (main.tsx): they need the database layer, which the login screen does not download.
 */
import { captureInstallPrompt } from '../features/pwa/install-prompt.ts';
import { startPushLifecycle } from '../features/pwa/push-client.ts';
import { startStoragePersistence } from '../features/pwa/storage-persistence.ts';

export function startPwa() {
  captureInstallPrompt();
  startStoragePersistence();
  startPushLifecycle();
}
