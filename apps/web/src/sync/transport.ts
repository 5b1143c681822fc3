/**
 * What the sync engine needs from the server (the HTTP client in the app, an in-process one in
 * tests) and the error a transport throws: the HTTP status (0 for network errors and time-outs).
 */
import type { ChangeRange, PullResponse, PushRequest, PushResponse, SyncStatusResponse } from '@bh/shared';

export class TransportError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs?: number,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

export interface SyncTransport {
  push(body: PushRequest): Promise<PushResponse>;
  /** A page after `cursor`; `skip`: change_seq ranges of this device's own writes to leave out. */
  pull(cursor: number, limit: number, skip?: readonly ChangeRange[]): Promise<PullResponse>;
  status(): Promise<SyncStatusResponse>;
  /** The server's current copy of some records (for records whose local change was discarded). */
  records(table: string, ids: string[]): Promise<{ records: Record<string, unknown>[] }>;
}
