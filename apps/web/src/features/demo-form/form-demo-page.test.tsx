/**
 * The form demo's birth date is a date field in the app's language (day, month, year segments
 * in its order), required like the spec says, and reaches the form as 'YYYY-MM-DD'.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import FormDemoPage from './form-demo-page.tsx';

afterEach(cleanup);

const birthDate = () => ({ field: screen.getByTestId('demo-birthDate') });

/** Types digits into a date field as a keyboard does (React Aria reads `beforeinput`). */
function typeDigits(field: HTMLElement, digits: string) {
  const first = within(field).getAllByRole('spinbutton')[0];
  act(() => first?.focus());
  for (const data of digits) {
    const target = document.activeElement ?? field;
    act(() => {
      target.dispatchEvent(
        new InputEvent('beforeinput', { data, inputType: 'insertText', bubbles: true, cancelable: true }),
      );
    });
  }
}

describe('FormDemoPage birth date', () => {
  it('follows the app language: segments in its order, no browser date input to type in', async () => {
    await act(() => initI18n().changeLanguage('vi'));
    render(<FormDemoPage />);
    const { field } = birthDate();
    const order = within(field)
      .getAllByRole('spinbutton')
      .map((s) => s.getAttribute('data-type'));
    expect(order).toEqual(['day', 'month', 'year']);
    cleanup();
    await act(() => initI18n().changeLanguage('ja'));
    render(<FormDemoPage />);
    const ja = within(birthDate().field)
      .getAllByRole('spinbutton')
      .map((s) => s.getAttribute('data-type'));
    expect(ja).toEqual(['year', 'month', 'day']);
  });

  it('is required, then accepts a day and the form submits', async () => {
    await act(() => initI18n().changeLanguage('en'));
    render(<FormDemoPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(birthDate().field.getAttribute('data-invalid')).toBe('true'));
    fireEvent.change(screen.getByRole('textbox', { name: /Full name/ }), {
      target: { value: 'Nguyễn Văn A' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Phone number/ }), {
      target: { value: '0912345678' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: /Nationality/ }), { target: { value: 'VN' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Gender/ }), { target: { value: 'male' } });
    fireEvent.click(screen.getByRole('checkbox'));
    // Typed day, month, year (en-GB order) reach the form as an ISO day.
    typeDigits(birthDate().field, '01051990');
    await waitFor(() => expect(birthDate().field.getAttribute('data-value')).toBe('1990-05-01'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByTestId('demo-success')).toBeTruthy());
    expect(birthDate().field.getAttribute('data-invalid')).toBeNull();
  });
});
