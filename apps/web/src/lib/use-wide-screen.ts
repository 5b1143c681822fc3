import { useSyncExternalStore } from 'react';

/** True while the window is at least `px` wide (tablet and desktop layouts), live. */
export function useWideScreen(px = 768): boolean {
  const query = `(min-width: ${px}px)`;
  return useSyncExternalStore(
    (listener) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', listener);
      return () => mql.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}
