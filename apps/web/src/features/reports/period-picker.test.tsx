/**
 * The report period picker in the app's language: days are React Aria date fields, weeks and
 * months are pickers written with Intl, and no browser date, week or month input is left.
 */
import '../../test/frame-resources.ts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { type Period, PeriodPicker } from './period-picker.tsx';

afterEach(cleanup);

function show(period: Period, lang = 'en') {
  initI18n().changeLanguage(lang);
  const onChange = vi.fn();
  render(<PeriodPicker period={period} today="2026-11-24" onChange={onChange} />);
  return onChange;
}

/** Browser date/week/month inputs a person could use (React Aria keeps a hidden one for autofill). */
const nativeDateInputs = () =>
  [...document.querySelectorAll('input[type="date"], input[type="week"], input[type="month"]')].filter(
    (input) => !input.closest('[aria-hidden="true"]'),
  );

describe('PeriodPicker', () => {
  // The part (month or week) and the year are picked separately; each gives the API's format.
  it.each([
    {
      title: 'a month by its name, as YYYY-MM',
      kind: 'monthly' as const,
      field: 'month',
      name: 'Month',
      start: '2026-11',
      option: 'February',
      pick: '2',
      picked: '2026-02',
      afterYear: '2025-11',
    },
    {
      title: 'an ISO week labelled with its days; week 53 becomes 52 in a 52-week year',
      kind: 'weekly' as const,
      field: 'week',
      name: 'Week',
      start: '2026-W53',
      option: 'Week 48 (23/11 – 29/11)',
      pick: '48',
      picked: '2026-W48',
      afterYear: '2025-W52',
    },
  ])('picks $title', ({ kind, field, name, start, option, pick, picked, afterYear }) => {
    const onChange = show({ kind, query: { [field]: start } });
    const group = screen.getByRole('group', { name });
    expect(group.getAttribute('data-value')).toBe(start);
    const part = within(group).getByRole('combobox', { name });
    expect(within(part).getByRole('option', { name: option })).toBeTruthy();
    fireEvent.change(part, { target: { value: pick } });
    expect(onChange).toHaveBeenLastCalledWith({ kind, query: { [field]: picked } });
    fireEvent.change(within(group).getByRole('combobox', { name: 'Year' }), { target: { value: '2025' } });
    expect(onChange).toHaveBeenLastCalledWith({ kind, query: { [field]: afterYear } });
    expect(nativeDateInputs()).toHaveLength(0);
  });

  it('is written in Vietnamese and Japanese too (ja puts the year first)', () => {
    show({ kind: 'monthly', query: { month: '2026-11' } }, 'vi');
    const vi = screen.getByRole('group', { name: 'Tháng' });
    expect(within(vi).getByRole('combobox', { name: 'Tháng' }).textContent).toMatch(/tháng 11/i);
    cleanup();
    show({ kind: 'weekly', query: { week: '2026-W48' } }, 'ja');
    const ja = screen.getByRole('group', { name: '週' });
    const [first, second] = within(ja).getAllByRole('combobox');
    expect(first?.getAttribute('aria-label')).toBe('年');
    expect(within(second ?? ja).getByRole('option', { name: '第48週（11/23～11/29）' })).toBeTruthy();
  });

  it('shows days, and the custom range, as date fields in the app language', () => {
    show({ kind: 'custom', query: { from: '2026-11-01', to: '2026-11-24' } }, 'vi');
    const from = screen.getByTestId('report-from');
    expect(from.getAttribute('data-value')).toBe('2026-11-01');
    // Day, month, year segments in Vietnamese order (dd/mm/yyyy).
    const segments = within(from)
      .getAllByRole('spinbutton')
      .map((s) => s.textContent);
    expect(segments).toEqual(['1', '11', '2026']);
    expect(nativeDateInputs()).toHaveLength(0);
  });

  it('changing the kind starts from its default period around today', () => {
    const onChange = show({ kind: 'daily', query: { date: '2026-11-24' } });
    fireEvent.change(screen.getByTestId('report-kind'), { target: { value: 'weekly' } });
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'weekly', query: { week: '2026-W48' } });
  });
});
