import '../../test/frame-resources.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { OfflineLockDaysSetting } from './offline-lock-setting.tsx';

const NOW = '2026-11-28T05:00:00.000Z';
const FIGURES = { activeUsers: 1, todayEntries: 2, pendingCases: 3, quarantineCases: 0 };
const answer = (over: Record<string, unknown> = {}) => ({
  ...{ id: 'current', mode: 'normal', statusText: '', version: 4, quarantineDays: 14, offlineLockDays: 14 },
  ...{ updatedAt: NOW, lastUpdateTime: NOW, systemUptimeSeconds: 60, ...FIGURES },
  ...over,
});

function stubServer(put: { status: number; body: unknown }) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'PUT'
      ? new Response(JSON.stringify(put.body), { status: put.status })
      : new Response(JSON.stringify(answer()), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const puts = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));

setUpComponentTests(() => [db.systemStatus]);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const LABEL = 'Lock devices offline after (days)';
async function submit(value: string) {
  fireEvent.change(screen.getByLabelText(LABEL), { target: { value } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
}

describe('OfflineLockDaysSetting', () => {
  it('refuses a period outside the bounds with a translated message, sending nothing', async () => {
    const fetch = stubServer({ status: 200, body: answer() });
    render(<OfflineLockDaysSetting mode="normal" days={14} version={4} />);
    const cases: [string, string][] = [
      ['0', 'Must be at least 1'],
      ['91', 'Must be at most 90'],
      ['2.5', 'Please enter a whole number'],
      ['', 'This field is required'],
    ];
    for (const [value, message] of cases) {
      await submit(value);
      expect((await screen.findByRole('alert')).textContent).toBe(message);
    }
    expect(puts(fetch)).toEqual([]);
  });

  it('saves a valid period with the mode and the version seen, kept locally for the lock', async () => {
    const fetch = stubServer({ status: 200, body: answer({ offlineLockDays: 7, version: 5 }) });
    render(<OfflineLockDaysSetting mode="normal" days={14} version={4} />);
    await submit('7');
    expect(puts(fetch)).toEqual([{ mode: 'normal', offlineLockDays: 7, version: 4 }]);
    expect((await screen.findByTestId('offline-lock-days-saved')).textContent).toBe(
      'Saved: devices lock after 7 days away from the server.',
    );
    await waitFor(async () =>
      expect(await db.systemStatus.get('current')).toMatchObject({ offlineLockDays: 7 }),
    );
  });
});
