/**
 * The admin's privacy settings (issue 33 point 6): bounds and a blank contact are refused with
 * translated messages before anything is sent; a valid change is sent with the version seen; a
 * conflict says another admin saved and asks for the current values.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { PrivacySettingsForm } from './privacy-settings-form.tsx';

const SETTINGS = { retentionMonths: 60, contact: 'dpo@health.gov.vn', version: 3, updatedAt: null };

function stubServer(put: { status: number; body: unknown }) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(put.body), { status: put.status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const sent = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls.map((call: unknown[]) => {
    const init = call[1];
    return init && typeof init === 'object' && 'body' in init ? JSON.parse(String(init.body)) : null;
  });

setUpComponentTests(() => []);
afterEach(() => vi.unstubAllGlobals());

async function save(months: string, contact = SETTINGS.contact) {
  fireEvent.change(screen.getByTestId('privacy-retention-input'), { target: { value: months } });
  fireEvent.change(screen.getByTestId('privacy-contact-input'), { target: { value: contact } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
}

describe('PrivacySettingsForm', () => {
  it('refuses values outside the bounds, not whole or blank, with translated messages, sending nothing', async () => {
    const fetch = stubServer({ status: 200, body: SETTINGS });
    render(
      <PrivacySettingsForm settings={SETTINGS} onSaved={() => undefined} onConflict={() => undefined} />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Retention period (months)').value).toBe('60');
    const cases: [string, string, string][] = [
      ['5', SETTINGS.contact, 'Must be at least 6'],
      ['241', SETTINGS.contact, 'Must be at most 240'],
      ['12.5', SETTINGS.contact, 'Please enter a whole number'],
      ['', SETTINGS.contact, 'This field is required'],
      ['24', '   ', 'This field is required'],
    ];
    for (const [months, contact, message] of cases) {
      await save(months, contact);
      expect((await screen.findByRole('alert')).textContent).toBe(message);
    }
    expect(sent(fetch)).toEqual([]);
  });

  it('says the same in Vietnamese', async () => {
    stubServer({ status: 200, body: SETTINGS });
    await act(async () => {
      await i18next.changeLanguage('vi');
    });
    render(
      <PrivacySettingsForm settings={SETTINGS} onSaved={() => undefined} onConflict={() => undefined} />,
    );
    fireEvent.change(screen.getByTestId('privacy-retention-input'), { target: { value: '300' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lưu' })));
    expect((await screen.findByRole('alert')).textContent).toContain('240');
    await act(async () => {
      await i18next.changeLanguage('en');
    });
  });

  it('saves a valid period and contact with the version seen', async () => {
    const fetch = stubServer({ status: 200, body: { ...SETTINGS, retentionMonths: 24, version: 4 } });
    const onSaved = vi.fn();
    render(<PrivacySettingsForm settings={SETTINGS} onSaved={onSaved} onConflict={() => undefined} />);
    await save('24', 'Office of data protection');
    expect(sent(fetch)).toEqual([{ retentionMonths: 24, contact: 'Office of data protection', version: 3 }]);
    expect(onSaved).toHaveBeenCalledWith({ ...SETTINGS, retentionMonths: 24, version: 4 });
    expect(screen.getByTestId('privacy-settings-saved').textContent).toBe('Saved.');
  });

  it('a conflict says another admin saved and asks for the current values', async () => {
    stubServer({ status: 409, body: { error: { code: 'conflict', message: 'Data conflict' } } });
    const onConflict = vi.fn();
    render(<PrivacySettingsForm settings={SETTINGS} onSaved={() => undefined} onConflict={onConflict} />);
    await save('24');
    expect(await screen.findByText(/Another administrator changed these settings/)).toBeTruthy();
    expect(onConflict).toHaveBeenCalled();
  });
});
