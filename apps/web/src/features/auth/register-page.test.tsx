import { validRegistration } from '@bh/shared/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import RegisterPage from './register-page.tsx';

beforeAll(() => {
  initI18n().changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fill = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) ?? document.body, { target: { value } });

describe('RegisterPage', () => {
  it('shows the translated wait when the server refuses with 429', async () => {
    const body = {
      error: { code: 'rate_limited', message: 'Too many requests', details: { retryAfter: 3540 } },
    };
    const fetch = vi.fn(
      async () => new Response(JSON.stringify(body), { status: 429, headers: { 'Retry-After': '3540' } }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    fill('register-name', validRegistration.name);
    fill('register-email', validRegistration.email);
    fill('register-password', validRegistration.password);
    fill('register-confirmPassword', validRegistration.confirmPassword);
    fill('register-age', String(validRegistration.age));
    fill('register-gender', validRegistration.gender);
    fireEvent.click(document.getElementById('register-terms') ?? document.body);
    await act(async () => fireEvent.submit(screen.getByTestId('register-form')));
    const alert = await screen.findByTestId('register-error');
    expect(alert.textContent).toBe('Too many requests from this network. Try again in 59 minute(s).');
    // The first call asked for the posts (refused too: no post select).
    expect(String(fetch.mock.calls.at(-1)?.at(0))).toContain('/api/auth/register');
  });

  it('asks for the post among the open ones the server lists, and sends it', async () => {
    const han = {
      id: '00000000-0000-4000-8000-000000000001',
      code: 'HAN',
      name: { vi: 'Nội Bài', en: 'Noi Bai', ja: 'ノイバイ' },
    };
    const fetch = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) =>
      String(url).includes('/api/posts/public')
        ? new Response(JSON.stringify({ items: [han] }), { status: 200 })
        : new Response(JSON.stringify({ ok: true }), { status: 202 }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>,
    );
    const select = await screen.findByLabelText<HTMLSelectElement>('Post where you work');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose your post...', 'HAN · Noi Bai']);
    fill('register-name', validRegistration.name);
    fill('register-email', validRegistration.email);
    fill('register-password', validRegistration.password);
    fill('register-confirmPassword', validRegistration.confirmPassword);
    fill('register-age', String(validRegistration.age));
    fill('register-gender', validRegistration.gender);
    fireEvent.click(document.getElementById('register-terms') ?? document.body);
    await act(async () => fireEvent.submit(screen.getByTestId('register-form')));
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(fetch).toHaveBeenCalledTimes(1);
    fill('register-post', han.id);
    await act(async () => fireEvent.submit(screen.getByTestId('register-form')));
    expect(await screen.findByTestId('register-success')).toBeTruthy();
    const sent = JSON.parse(String(fetch.mock.calls.at(-1)?.[1]?.body));
    expect(sent.postId).toBe(han.id);
  });
});
