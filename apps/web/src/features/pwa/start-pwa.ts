/** Start-up work of the offline app that must not wait for the settings page to load. */
import { captureInstallPrompt } from './install-prompt.ts';
import { startStoragePersistence } from './storage-persistence.ts';

export function startPwa() {
  captureInstallPrompt();
  startStoragePersistence();
}
