/** The spec's App status (section 3) assembled from the sync state, the install and SW stores. */
import { useEffect, useState } from 'react';
import { checkDatabase } from '../../db/sync-centre-repo.ts';
import { useSyncState } from '../../sync/use-sync-state.ts';
import { useInstallState } from './install-prompt.ts';
import { useSwState } from './register-sw.ts';

export function useAppStatus() {
  const sync = useSyncState();
  const install = useInstallState();
  const sw = useSwState();
  const [dbInitialized, setDbInitialized] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    void checkDatabase().then((ok) => live && setDbInitialized(ok));
    return () => {
      live = false;
    };
  }, []);
  return { sync, install, sw, dbInitialized };
}
