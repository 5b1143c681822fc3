/**
 * One automatic sync run at a time per tab. A request that arrives while a run is under way is
 * not folded into that run: the run may already have read the server's position or the outbox
 * before the change behind the request (a CSV import on the server, a write, a SYNC_NOW), and
 * the change would then wait for the next timer. Such requests get one more run after the
 * current one (however many arrived, with the latest reason).
 */
export function serialRuns(fn: (reason: string) => Promise<void>): (reason: string) => Promise<void> {
  let active = false;
  let queued: string | null = null;
  const request = async (reason: string): Promise<void> => {
    if (active) {
      queued = reason;
      return;
    }
    active = true;
    try {
      await fn(reason);
    } finally {
      active = false;
      const next = queued;
      queued = null;
      if (next !== null) void request(next);
    }
  };
  return request;
}
