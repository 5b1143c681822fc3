import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

afterEach(cleanup);

describe('Spinner', () => {
  it('is a labelled status when it has a label', () => {
    render(<Spinner label="Loading users" size="lg" />);
    const status = screen.getByRole('status', { name: 'Loading users' });
    expect(status.className).toContain('loading-lg');
  });

  it('is hidden from screen readers without a label (next to a busy button text)', () => {
    const { container } = render(<Spinner size="sm" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
