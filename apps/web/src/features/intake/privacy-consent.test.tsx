/**
 * The pre-arrival form's consent step (issue 33 point 7): the notice shows the server's period and
 * contact in the chosen language; submitting without the consent makes no QR code and sends
 * nothing, with the shared message; ticking it clears the message.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../test/component-setup.ts';
import PreArrivalPage from './pre-arrival-page.tsx';
import { PrivacyConsent } from './privacy-consent.tsx';

const NOTICE = {
  retentionMonths: 36,
  contact: 'Data protection office, dpo@health.gov.vn',
  noticeVersion: '1.4',
};

function stubServer() {
  const fetch = vi.fn(async (url: RequestInfo | URL) =>
    String(url).endsWith('/api/privacy/notice')
      ? new Response(JSON.stringify(NOTICE), { status: 200 })
      : new Response('{}', { status: 500 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

setUpComponentTests(() => []);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('pre-arrival consent', () => {
  it('shows what is collected, why, how long and whom to ask, from the server', async () => {
    stubServer();
    render(<PreArrivalPage />);
    const consent = screen.getByTestId('privacy-consent');
    expect(consent.textContent).toContain('What we collect');
    expect(consent.textContent).toContain('Why:');
    expect(await screen.findByText(/How long: 36 months/)).toBeTruthy();
    expect(screen.getByTestId('privacy-contact').textContent).toBe(
      'Questions: Data protection office, dpo@health.gov.vn',
    );
    expect(consent.textContent).toContain('Notice version 1.4');
  });

  it('without consent, submitting makes no QR code and sends nothing; ticking clears the message', async () => {
    const fetch = stubServer();
    render(<PreArrivalPage />);
    await act(async () => fireEvent.click(screen.getByTestId('pre-arrival-submit')));
    const box = screen.getByTestId<HTMLInputElement>('privacy-consent-box');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please read the privacy notice and agree to it to send the form')).toBeTruthy();
    expect(screen.queryByTestId('pre-arrival-done')).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/pre-arrivals'))).toEqual([]);
    fireEvent.click(box);
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('false'));
    expect(screen.queryByText('Please read the privacy notice and agree to it to send the form')).toBeNull();
  });

  it('offline before the server answered: a general period and contact, version <wording>.0', () => {
    render(<PrivacyConsent notice={null} checked={false} invalid={false} onChange={() => undefined} />);
    expect(screen.getByTestId('privacy-retention').textContent).toContain('the period set by');
    expect(screen.getByTestId('privacy-contact').textContent).toContain('ask the health officer');
    expect(screen.getByText('Notice version 1.0')).toBeTruthy();
  });

  it('reads in Vietnamese and Japanese too', async () => {
    for (const [lang, title] of [
      ['vi', 'Thông báo về quyền riêng tư'],
      ['ja', 'プライバシーに関するお知らせ'],
    ] as const) {
      await act(async () => {
        await i18next.changeLanguage(lang);
      });
      const { unmount } = render(
        <PrivacyConsent notice={NOTICE} checked={false} invalid onChange={() => undefined} />,
      );
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByTestId('privacy-retention').textContent).toContain('36');
      unmount();
    }
    await act(async () => {
      await i18next.changeLanguage('en');
    });
  });
});
