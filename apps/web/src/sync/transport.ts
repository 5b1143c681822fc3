/**
 * What the sync engine needs from the server (the HTTP client in the app, an in-process one in
 * tests) and the error a transport throws: the HTTP status (0 for network errors and time-outs).
 */
import type {
  ChangeRange,
  HeadStart,
  PullResponse,
  PushRequest,
  PushResponse,
  SyncStatusResponse,
} from '@bh/shared';
import { pullPath } from '@bh/shared';

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
  /**
   * A page after `cursor`; `skip`: change_seq ranges of this device's own writes to leave out;
   * `head`: a fresh device's head start (travellers first, HeadStart).
   */
  pull(cursor: number, limit: number, skip?: readonly ChangeRange[], head?: HeadStart): Promise<PullResponse>;
  status(): Promise<SyncStatusResponse>;
  /** The server's current copy of some records (for records whose local change was discarded). */
  records(table: string, ids: string[]): Promise<{ records: Record<string, unknown>[] }>;
}

/** One request to the server's sync API (a JSON body with a POST), answering the parsed reply. */
export type SyncCall = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

/** The sync API's routes over one way of sending requests (the app's API client, fetch, inject). */
export function syncRoutes(call: SyncCall): SyncTransport {
  return {
    push: (body) => call<PushResponse>('POST', '/api/sync/push', body),
    pull: (cursor, limit, skip, head) => call<PullResponse>('GET', pullPath(cursor, limit, skip, head)),
    status: () => call<SyncStatusResponse>('GET', '/api/sync/status'),
    records: (table, ids) =>
      call(
        'GET',
        `/api/sync/records?table=${encodeURIComponent(table)}&ids=${ids.map(encodeURIComponent).join(',')}`,
      ),
  };
}
