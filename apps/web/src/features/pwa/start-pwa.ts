/** Start-up work of the offline app that must not wait for the settings page to load. */
import { captureInstallPrompt } from './install-prompt.ts';
import { startPushLifecycle } from './push-client.ts';
import { startSettingsEffects } from './settings-effects.ts';
import { startStoragePersistence } from './storage-persistence.ts';

export function startPwa() {
  captureInstallPrompt();
  startStoragePersistence();
  startSettingsEffects();
  startPushLifecycle();
}
