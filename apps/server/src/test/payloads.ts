/** Request bodies the API tests send, written once so every suite posts the same valid record. */
import { randomUUID } from 'node:crypto';

/** The browser tests post the same declaration: it lives with the shared samples. */
export { declarationPayload } from '@bh/shared/testing';

/** A valid traveller for POST /api/travelers, with a new id. */
export function travelerPayload(over: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    fullName: 'Nguyễn Văn A',
    passportNo: 'B1234567',
    nationality: 'VN',
    entryDate: '2026-11-20',
    status: 'pending',
    ...over,
  };
}

/** A valid traveller as sync mutation data (the record id travels beside it, not inside). */
export function travelerData(over: Record<string, unknown> = {}) {
  const { id: _id, ...data } = travelerPayload(over);
  return data;
}

/** The inject options of POST /api/sync/push as a device sends it. */
export const syncPush = (headers: Record<string, string>, clientId: string, mutations: unknown[]) => ({
  method: 'POST' as const,
  url: '/api/sync/push',
  headers,
  payload: { clientId, mutations },
});
