import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state.tsx';

afterEach(cleanup);

describe('EmptyState', () => {
  it('shows its text muted, with extra classes and a test id', () => {
    render(
      <EmptyState className="p-4" testId="nothing">
        Nothing to sync
      </EmptyState>,
    );
    const line = screen.getByTestId('nothing');
    expect(line.textContent).toBe('Nothing to sync');
    expect(line.className).toBe('text-sm opacity-70 p-4');
  });
});
