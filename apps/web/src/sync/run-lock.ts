/**
 * The Web Lock every sync run holds (one run at a time across this device's tabs). A push leaves
 * the device only inside a run, so while this lock is free no outbox row is on the wire, and
 * holding it keeps a run from starting meanwhile.
 */
const SYNC_RUN_LOCK = 'bh-sync-run';

/** Can this browser take Web Locks? (Every browser the app supports; Node tests cannot.) */
const hasLocks = () => typeof navigator !== 'undefined' && 'locks' in navigator;

/**
 * Runs `fn` holding the sync lock when it is free; resolves false without running `fn` when a
 * run holds it. Without Web Locks (tests) there are no other tabs, and `fn` runs.
 */
export async function withSyncLockIfFree(fn: () => Promise<void>): Promise<boolean> {
  if (!hasLocks()) {
    await fn();
    return true;
  }
  return navigator.locks.request(SYNC_RUN_LOCK, { ifAvailable: true }, async (held) => {
    if (!held) return false;
    await fn();
    return true;
  });
}
