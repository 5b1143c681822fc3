import type { Device } from '@bh/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../lib/session.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { json } from '../../test/posts-fixture.ts';
import DevicesPage from './devices-page.tsx';

setUpComponentTests(() => []);
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const ME = '00000000-0000-4000-8000-0000000000a1';
const device = (over: Partial<Device>): Device => ({
  id: '00000000-0000-4000-8000-000000000001',
  label: 'Chrome on Android',
  createdAt: '2026-11-01T08:00:00.000Z',
  lastSeenAt: '2026-11-27T08:00:00.000Z',
  revokedAt: null,
  userId: ME,
  userName: 'Lan',
  current: false,
  ...over,
});

function stubServer(items: Device[]) {
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      const id = String(url).split('/').at(-1);
      const found = items.find((d) => d.id === id);
      return json({ ...found, revokedAt: '2026-11-28T09:00:00.000Z' });
    }
    return json({ items });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function nth(list: HTMLElement[], i: number): HTMLElement {
  const element = list[i];
  if (!element) throw new Error(`no element ${i}`);
  return element;
}

async function show() {
  setSession({
    user: { id: ME, name: 'Lan', email: 'lan@test.vn', role: 'officer', avatar: null },
    token: 't',
  });
  await act(async () => {
    render(
      <MemoryRouter>
        <DevicesPage />
      </MemoryRouter>,
    );
  });
}

describe('the devices screen', () => {
  it('lists the devices, this one marked, revoked ones without a button', async () => {
    stubServer([
      device({ current: true }),
      device({
        id: '00000000-0000-4000-8000-000000000002',
        label: 'Firefox on Linux',
        revokedAt: '2026-11-20T08:00:00.000Z',
      }),
    ]);
    await show();
    const cards = screen.getAllByTestId('device');
    expect(cards).toHaveLength(2);
    expect(within(nth(cards, 0)).getByTestId('device-this').textContent).toBe('This device');
    expect(within(nth(cards, 1)).getByTestId('device-revoked').textContent).toBe('Revoked');
    expect(within(nth(cards, 1)).queryByTestId('device-revoke')).toBeNull();
    // Only the caller's own devices: no owner line.
    expect(screen.queryByTestId('device-owner')).toBeNull();
  });

  it("names the owner when others' devices are listed, and revokes after asking", async () => {
    const other = device({ id: '00000000-0000-4000-8000-000000000003', userId: 'someone', userName: 'Minh' });
    const fetch = stubServer([device({ current: true }), other]);
    await show();
    expect(screen.getAllByTestId('device-owner').map((e) => e.textContent)).toEqual(['Lan', 'Minh']);
    const buttons = screen.getAllByTestId('device-revoke');
    await act(async () => fireEvent.click(nth(buttons, 1)));
    expect(screen.getByText('Revoke this device?')).toBeTruthy();
    expect(screen.queryByTestId('device-revoke-self')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('device-revoke-confirm')));
    expect(
      fetch.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith(other.id)),
    ).toBe(true);
    expect(screen.getByTestId('devices-message').textContent).toBe('Chrome on Android was revoked.');
    expect(screen.getAllByTestId('device-revoked')).toHaveLength(1);
  });

  it('warns that revoking this device signs the officer out', async () => {
    stubServer([device({ current: true })]);
    await show();
    await act(async () => fireEvent.click(screen.getByTestId('device-revoke')));
    expect(screen.getByTestId('device-revoke-self')).toBeTruthy();
  });
});
