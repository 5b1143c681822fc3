import { z } from 'zod';
import { ApiError, api } from '../lib/api.ts';
import { type SyncTransport, syncRoutes, TransportError } from './transport.ts';

/** A 429's details: seconds to wait before the next try. */
const retryAfterSchema = z.object({ retryAfter: z.number() });

const wrap = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError) {
      const details = retryAfterSchema.safeParse(err.details);
      const retryAfter = details.success ? details.data.retryAfter : undefined;
      throw new TransportError(
        err.status,
        err.code,
        retryAfter ? retryAfter * 1000 : undefined,
        err.code === 'timeout_error',
      );
    }
    throw err;
  }
};

/** The real server, through the app's API client (bearer token, silent refresh, 30 s time-out). */
export const httpTransport: SyncTransport = syncRoutes(
  <T>(method: 'GET' | 'POST', path: string, body?: unknown) =>
    wrap(() => (method === 'POST' ? api.post<T>(path, body) : api.get<T>(path))),
);
