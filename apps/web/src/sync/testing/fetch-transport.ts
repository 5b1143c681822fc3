import {
  type ChangeRange,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  pullPath,
  type SyncStatusResponse,
} from '@bh/shared';
import { type SyncTransport, TransportError } from '../transport.ts';

/** The sync protocol over real HTTP (for tests against a server process). */
export class FetchTransport implements SyncTransport {
  constructor(
    private baseUrl: string,
    private token: () => string,
  ) {}

  private async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.baseUrl + url, {
        method,
        headers: {
          authorization: `Bearer ${this.token()}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      throw new TransportError(0, 'network_error');
    }
    const json = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
    if (!res.ok) throw new TransportError(res.status, json?.error?.code ?? 'unknown_error');
    return json as T;
  }

  push(body: PushRequest) {
    return this.call<PushResponse>('POST', '/api/sync/push', body);
  }
  pull(cursor: number, limit: number, skip?: readonly ChangeRange[]) {
    return this.call<PullResponse>('GET', pullPath(cursor, limit, skip));
  }
  status() {
    return this.call<SyncStatusResponse>('GET', '/api/sync/status');
  }
  records(table: string, ids: string[]) {
    return this.call<{ records: Record<string, unknown>[] }>(
      'GET',
      `/api/sync/records?table=${table}&ids=${ids.join(',')}`,
    );
  }
}
