/**
 * The date-and-time flavour of the app's date field (the audit viewer's from/to): segments in
 * the app's language, a local date-time value that `new Date(value)` reads as device time.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { AppDateField } from './date-field.tsx';

afterEach(cleanup);

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <AppDateField label="From" value={value} onChange={setValue} granularity="minute" testId="when" />;
}

const segments = () =>
  within(screen.getByTestId('when'))
    .getAllByRole('spinbutton')
    .map((s) => s.getAttribute('data-type'));

function typeDigits(digits: string) {
  const first = within(screen.getByTestId('when')).getAllByRole('spinbutton')[0];
  act(() => first?.focus());
  for (const data of digits) {
    act(() => {
      (document.activeElement ?? document.body).dispatchEvent(
        new InputEvent('beforeinput', { data, inputType: 'insertText', bubbles: true, cancelable: true }),
      );
    });
  }
}

describe('AppDateField with minutes', () => {
  it('orders the segments as the app language does (Vietnamese puts the time first)', async () => {
    await act(() => initI18n().changeLanguage('vi'));
    render(<Harness />);
    expect(segments()).toEqual(['hour', 'minute', 'day', 'month', 'year']);
    cleanup();
    await act(() => initI18n().changeLanguage('ja'));
    render(<Harness />);
    expect(segments()).toEqual(['year', 'month', 'day', 'hour', 'minute']);
  });

  it('gives a local date-time that reads back as the typed moment', async () => {
    await act(() => initI18n().changeLanguage('vi'));
    render(<Harness />);
    typeDigits('143024112026');
    await waitFor(() =>
      expect(screen.getByTestId('when').getAttribute('data-value')).toBe('2026-11-24T14:30:00'),
    );
    const when = new Date(screen.getByTestId('when').getAttribute('data-value') ?? '');
    expect([
      when.getFullYear(),
      when.getMonth() + 1,
      when.getDate(),
      when.getHours(),
      when.getMinutes(),
    ]).toEqual([2026, 11, 24, 14, 30]);
  });

  it('shows a stored value', async () => {
    await act(() => initI18n().changeLanguage('en'));
    render(<Harness initial="2026-01-02T03:04:00" />);
    const texts = within(screen.getByTestId('when'))
      .getAllByRole('spinbutton')
      .map((s) => s.textContent);
    expect(texts).toEqual(expect.arrayContaining(['2026', '04']));
  });
});
