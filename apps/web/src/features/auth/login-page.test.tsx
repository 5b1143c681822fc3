import { DEMO_ACCOUNTS } from '@bh/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import LoginPage from './login-page.tsx';

beforeAll(() => {
  initI18n().changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function answerDemo(demo: boolean) {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL) => new Response(JSON.stringify({ demo }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const renderPage = () =>
  render(
    <MemoryRouter>
      <LoginPage />
    </MemoryRouter>,
  );
const input = (id: string) => {
  const found = document.getElementById(id);
  if (!(found instanceof HTMLInputElement)) throw new Error(`no input #${id}`);
  return found;
};

describe('LoginPage', () => {
  it('lists the shared demo accounts when the server runs in demo mode, and fills the form', async () => {
    const fetch = answerDemo(true);
    renderPage();
    const box = await screen.findByTestId('demo-accounts');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/auth/demo');
    for (const account of DEMO_ACCOUNTS) expect(box.textContent).toContain(account.email);
    expect(box.textContent).toContain('Quarantine officer');
    fireEvent.click(screen.getByRole('button', { name: /admin@demo\.vn/ }));
    expect(input('login-email').value).toBe('admin@demo.vn');
    expect(input('login-password').value).toBe('Admin@123');
  });

  it('shows no demo accounts when the server is not in demo mode', async () => {
    const fetch = answerDemo(false);
    renderPage();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByTestId('demo-accounts')).toBeNull();
  });

  it('shows the shared schema errors on submit, focuses the first and sends nothing', async () => {
    const fetch = answerDemo(false);
    renderPage();
    await act(async () => fireEvent.submit(screen.getByTestId('login-form')));
    await waitFor(() =>
      expect(document.getElementById('login-email-error')?.textContent).toMatch(/required/i),
    );
    expect(document.getElementById('login-password-error')).not.toBeNull();
    expect(document.activeElement).toBe(input('login-email'));
    expect(input('login-email').getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.every(([url]) => !String(url).includes('/api/auth/login'))).toBe(true);
  });

  it('interpolates the minimum length into the password error as it is typed', async () => {
    answerDemo(false);
    renderPage();
    fireEvent.change(input('login-password'), { target: { value: '12345' } });
    await waitFor(() => expect(document.getElementById('login-password-error')?.textContent).toMatch(/6/));
    fireEvent.change(input('login-password'), { target: { value: '123456' } });
    await waitFor(() => expect(document.getElementById('login-password-error')).toBeNull());
  });

  it('shows the translated wait when the server refuses the login with 429', async () => {
    const limited = { error: { code: 'rate_limited', message: 'Too many', details: { retryAfter: 840 } } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        String(url).includes('/api/auth/login')
          ? new Response(JSON.stringify(limited), { status: 429, headers: { 'Retry-After': '840' } })
          : new Response(JSON.stringify({ demo: false }), { status: 200 }),
      ),
    );
    renderPage();
    fireEvent.change(input('login-email'), { target: { value: 'officer@test.vn' } });
    fireEvent.change(input('login-password'), { target: { value: 'wrong-password' } });
    await act(async () => fireEvent.submit(screen.getByTestId('login-form')));
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toBe('Too many failed attempts. Try again in 14 minute(s).');
  });

  it('names this device at sign-in, and refuses an offline sign-in after N days away from the server', async () => {
    const fetch = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) => {
      if (String(url).includes('/api/auth/login')) throw new TypeError('offline');
      return new Response(JSON.stringify({ demo: false }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem('bh-offline-lock-days', '3');
    localStorage.setItem('bh-server-reached-at', String(Date.now() - 4 * 86_400_000));
    renderPage();
    fireEvent.change(input('login-email'), { target: { value: 'officer@test.vn' } });
    fireEvent.change(input('login-password'), { target: { value: 'Secret@123' } });
    await act(async () => fireEvent.submit(screen.getByTestId('login-form')));
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toBe(
      'This device has not reached the server for 3 days, so it is locked. Please sign in with a network connection.',
    );
    const login = fetch.mock.calls.find(([url]) => String(url).includes('/api/auth/login'));
    const body = JSON.parse(String(login?.[1]?.body));
    expect(body).toMatchObject({ deviceLabel: expect.any(String) });
    expect(body.deviceId).toBe(localStorage.getItem('bh-device-id'));
    localStorage.clear();
  });
});
