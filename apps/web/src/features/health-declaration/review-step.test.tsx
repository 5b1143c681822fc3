import '../../test/frame-resources.ts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { emptyValues } from './form-values.ts';
import { ReviewStep } from './review-step.tsx';

beforeAll(() => {
  initI18n().changeLanguage('en');
});
afterEach(cleanup);

const answers = {
  ...emptyValues({ travelerId: 't1', fullName: 'Trần Thị Hoa', passportNumber: 'B1234567' }),
  phone: '0912345678',
  bodyTemperature: '38,2',
  vaccinationStatus: 'unvaccinated',
  riskZones: ['wuhan' as const],
};

describe('the declaration review step', () => {
  it('shows every answer and the risk they give, with what the officer does next', () => {
    render(<ReviewStep values={answers} mode="pandemic" />);
    const review = screen.getByTestId('declaration-review');
    expect(screen.getByTestId('review-fullName').textContent).toBe('Trần Thị Hoa');
    expect(screen.getByTestId('review-temperature').textContent).toBe('38,2');
    expect(within(review).getByText('0912345678')).toBeTruthy();
    expect(within(review).getByText('Fever above 37.5°C +2 · Risk zone +2 · Not vaccinated +1')).toBeTruthy();
    // 38.2 °C (+2), a risk zone (+2), not vaccinated (+1): high, score 5.
    expect(screen.getByTestId('review-risk-level').textContent).toBe('High risk · score 5');
    expect(screen.getByTestId('review-risk').dataset.level).toBe('high');
    expect(screen.getByTestId('review-risk-todo').textContent).toMatch(/thorough medical check now/);
    // Contact questions are part of the review in pandemic mode, not in normal mode.
    expect(within(review).getByText('Close contact with a COVID-19 case')).toBeTruthy();
    cleanup();
    render(<ReviewStep values={answers} mode="normal" />);
    expect(screen.queryByText('Close contact with a COVID-19 case')).toBeNull();
  });

  it('a group can be reopened to change its answers (phones)', () => {
    const onEdit = vi.fn();
    render(<ReviewStep values={emptyValues()} mode="pandemic" onEdit={onEdit} />);
    expect(screen.getByTestId('review-risk-level').textContent).toBe('Low risk · score 0');
    const groups = screen.getAllByTestId('review-group');
    const health = groups[1];
    if (!health) throw new Error('no health group');
    fireEvent.click(within(health).getByRole('button', { name: 'Change' }));
    expect(onEdit).toHaveBeenCalledWith(1);
  });
});
