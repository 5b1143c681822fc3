import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../lib/api.ts';
import { type ReconnectSync, startReconnectSync, syncOnline } from './reconnect.ts';

const answer = (status: number) =>
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status }));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let trigger: ReconnectSync;
let rows = 3;
// Each test an hour after the last: an answer from an earlier test no longer counts as online.
let clock = Date.now();
const start = vi.fn<(reason: string) => void>();

beforeEach(() => {
  // A page loaded offline in Firefox: navigator.onLine stays false, no `online` event comes.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  clock += 3_600_000;
  vi.spyOn(Date, 'now').mockReturnValue(clock);
  rows = 3;
  start.mockClear();
  trigger = startReconnectSync({ hasOutboxRows: async () => rows > 0, start });
});
afterEach(() => {
  trigger.stop();
  vi.restoreAllMocks();
});

describe('a sync starts when the server answers again', () => {
  it('after a run that failed for the network, a successful request starts one, once', async () => {
    trigger.runEnded({ ran: true, error: 'errors.network_error' });
    answer(200);
    await apiRequest('/api/system-status');
    await flush();
    expect(start).toHaveBeenCalledExactlyOnceWith('server-reached');
    await apiRequest('/api/travelers');
    await flush();
    expect(start).toHaveBeenCalledOnce();
  });

  it('after a run skipped offline (the reload), and the engine then counts as online', async () => {
    expect(syncOnline()).toBe(false);
    trigger.runEnded({ ran: false });
    answer(200);
    await apiRequest('/api/notifications');
    await flush();
    expect(start).toHaveBeenCalledExactlyOnceWith('server-reached');
    expect(navigator.onLine).toBe(false);
    expect(syncOnline()).toBe(true);
  });

  it('a time-out arms it too; a failed request, a 5xx and an empty outbox do not start a run', async () => {
    trigger.runEnded({ ran: true, error: 'errors.timeout_error' });
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 0 });
    answer(503);
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ status: 503 });
    rows = 0;
    answer(200);
    await apiRequest('/api/x');
    await flush();
    expect(start).not.toHaveBeenCalled();
    rows = 1;
    await apiRequest('/api/x');
    await flush();
    expect(start).toHaveBeenCalledOnce();
  });

  it('not after a run that reached the server, nor for the requests of the run itself', async () => {
    trigger.runEnded({ ran: true, error: 'errors.server_error' });
    answer(200);
    await apiRequest('/api/x');
    trigger.runEnded({ ran: true });
    await apiRequest('/api/x');
    trigger.runEnded({ ran: true, error: 'errors.network_error' });
    trigger.runStarting();
    await apiRequest('/api/sync/status');
    await flush();
    expect(start).not.toHaveBeenCalled();
  });
});
