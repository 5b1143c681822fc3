import {
  type ChangeRange,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  pullPath,
  type SyncStatusResponse,
} from '@bh/shared';
import { z } from 'zod';
import { ApiError, api } from '../lib/api.ts';
import { type SyncTransport, TransportError } from './transport.ts';

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
export const httpTransport: SyncTransport = {
  push: (body: PushRequest) => wrap(() => api.post<PushResponse>('/api/sync/push', body)),
  pull: (cursor: number, limit: number, skip?: readonly ChangeRange[]) =>
    wrap(() => api.get<PullResponse>(pullPath(cursor, limit, skip))),
  status: () => wrap(() => api.get<SyncStatusResponse>('/api/sync/status')),
  records: (table: string, ids: string[]) =>
    wrap(() =>
      api.get<{ records: Record<string, unknown>[] }>(
        `/api/sync/records?table=${encodeURIComponent(table)}&ids=${ids.map(encodeURIComponent).join(',')}`,
      ),
    ),
};
