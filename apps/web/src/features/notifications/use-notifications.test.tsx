import { SYSTEM_STATUS_ID } from '@bh/shared';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { useNotifications } from './use-notifications.ts';

setUpComponentTests(() => [db.systemStatus]);
afterEach(() => vi.unstubAllGlobals());

function Bell() {
  const n = useNotifications();
  return <span data-testid="count">{n.items.length}</span>;
}

const status = (mode: string, version: number) => ({
  id: SYSTEM_STATUS_ID,
  mode,
  statusText: '',
  version,
  syncStatus: 'synced' as const,
  lastModified: version,
});

describe('notifications follow the mode', () => {
  it('a mode change on the device reloads the notifications at once (not a minute later)', async () => {
    const fetch = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ items: [], unreadCount: 0 }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await db.systemStatus.put(status('normal', 1));
    render(<Bell />);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    // The mode arrives (a push made the page poll, or a pull wrote it).
    await db.systemStatus.put(status('pandemic', 2));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [url] = fetch.mock.calls[1] ?? [];
    expect(String(url)).toContain('/api/notifications');
  });
});
