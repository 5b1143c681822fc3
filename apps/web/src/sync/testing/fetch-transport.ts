import { type SyncTransport, syncRoutes, TransportError } from '../transport.ts';

/** The sync protocol over real HTTP (for tests against a server process). */
export function fetchTransport(baseUrl: string, token: () => string): SyncTransport {
  return syncRoutes(async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(baseUrl + url, {
        method,
        headers: {
          authorization: `Bearer ${token()}`,
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
  });
}
