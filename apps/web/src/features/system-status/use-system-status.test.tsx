/**
 * Mode changes reach the officer at once (issue 35, point 9): a push the service worker passes to
 * the page (PUSH_RECEIVED) makes it ask the server for the status then, not at the next poll, and
 * the new mode is what the frame shows.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { useSystemStatus, useSystemStatusPolling } from './use-system-status.ts';

const NOW = '2026-11-28T05:00:00.000Z';
const answer = (mode: string, version: number) => ({
  ...{ id: 'current', mode, statusText: '', version, quarantineDays: 14, offlineLockDays: 14 },
  ...{ updatedAt: NOW, lastUpdateTime: NOW, systemUptimeSeconds: 60 },
  ...{ activeUsers: 1, todayEntries: 2, pendingCases: 3, quarantineCases: 0 },
});

setUpComponentTests(() => [db.systemStatus]);
const worker = new EventTarget();
beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

function Frame() {
  useSystemStatusPolling();
  return <span data-testid="mode">{useSystemStatus().mode}</span>;
}

describe('the mode on an open page', () => {
  it('a push makes the page fetch the status at once and show the new mode', async () => {
    let mode = 'normal';
    let version = 1;
    const fetch = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify(answer(mode, version)), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    render(<Frame />);
    await waitFor(() => expect(screen.getByTestId('mode').textContent).toBe('normal'));
    const before = fetch.mock.calls.length;

    // An admin switches to pandemic; the push reaches the service worker, which tells the page.
    mode = 'pandemic';
    version = 2;
    await act(async () => {
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'PUSH_RECEIVED' } }));
    });
    await waitFor(() => expect(screen.getByTestId('mode').textContent).toBe('pandemic'));
    const asked = fetch.mock.calls.slice(before).map(([url]) => String(url));
    expect(asked.some((url) => url.includes('/api/system-status'))).toBe(true);

    // Another message from the worker is not a reason to ask again.
    const after = fetch.mock.calls.length;
    await act(async () => {
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'SW_UPDATED' } }));
    });
    expect(fetch.mock.calls.length).toBe(after);
  });
});
