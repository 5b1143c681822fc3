import type { SystemStatusUpdate } from '@bh/shared';
import type { IncomingSystemStatus } from '../../db/system-status-repo.ts';
import { api } from '../../lib/api.ts';

/** The caller's calendar day, so "today's entries" follows the officer's clock. */
function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function fetchSystemStatus(): Promise<IncomingSystemStatus> {
  return api.get<IncomingSystemStatus>(`/api/system-status?today=${localToday()}`);
}

/** Admin: changes the mode and/or the quarantine length, with the status version seen. */
export function putSystemStatus(update: SystemStatusUpdate): Promise<IncomingSystemStatus> {
  return api.put<IncomingSystemStatus>('/api/system-status', update);
}
