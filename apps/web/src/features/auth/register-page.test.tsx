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
    expect(String(fetch.mock.calls[0]?.at(0))).toContain('/api/auth/register');
  });
});
