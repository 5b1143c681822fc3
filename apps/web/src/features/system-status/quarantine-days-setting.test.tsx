import '../../test/frame-resources.ts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/database.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { QuarantineDaysSetting } from './quarantine-days-setting.tsx';

const NOW = '2026-11-24T05:00:00.000Z';
const FIGURES = { activeUsers: 1, todayEntries: 2, pendingCases: 3, quarantineCases: 0 };
/** The server's status answer (systemStatusAnswerSchema), with `over` changed. */
const answer = (over: Record<string, unknown> = {}) => ({
  ...{ id: 'current', mode: 'normal', statusText: '', version: 4, quarantineDays: 14 },
  ...{ updatedAt: NOW, lastUpdateTime: NOW, systemUptimeSeconds: 60, ...FIGURES },
  ...over,
});

/** The server: PUT answers `put` (status, body), GET the current status. */
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
afterEach(() => vi.unstubAllGlobals());

async function submit(value: string) {
  fireEvent.change(screen.getByLabelText('Quarantine length (days)'), { target: { value } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
}

describe('QuarantineDaysSetting', () => {
  it('refuses a length outside the bounds the server accepts with a translated message, sending nothing', async () => {
    const fetch = stubServer({ status: 200, body: answer() });
    render(<QuarantineDaysSetting mode="normal" days={14} version={4} />);
    expect(screen.getByLabelText<HTMLInputElement>('Quarantine length (days)').value).toBe('14');
    const cases: [string, string][] = [
      ['0', 'Must be at least 1'],
      ['61', 'Must be at most 60'],
      ['2.5', 'Please enter a whole number'],
      ['', 'This field is required'],
    ];
    for (const [value, message] of cases) {
      await submit(value);
      expect((await screen.findByRole('alert')).textContent).toBe(message);
    }
    expect(puts(fetch)).toEqual([]);
  });

  it('saves a valid length with the mode and the version seen, and keeps the answer locally', async () => {
    const fetch = stubServer({ status: 200, body: answer({ quarantineDays: 10, version: 5 }) });
    render(<QuarantineDaysSetting mode="normal" days={14} version={4} />);
    await submit('10');
    expect(puts(fetch)).toEqual([{ mode: 'normal', quarantineDays: 10, version: 4 }]);
    expect((await screen.findByTestId('quarantine-days-saved')).textContent).toBe(
      'Saved: new quarantines last 10 days.',
    );
    await waitFor(async () =>
      expect(await db.systemStatus.get('current')).toMatchObject({ quarantineDays: 10 }),
    );
  });

  it('shows a refusal of the server translated (someone else changed the status first)', async () => {
    stubServer({ status: 409, body: { error: 'conflict', message: 'Conflict' } });
    render(<QuarantineDaysSetting mode="normal" days={14} version={3} />);
    await submit('21');
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(screen.queryByTestId('quarantine-days-saved')).toBeNull();
  });
});
