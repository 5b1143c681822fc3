import '../test/frame-resources.ts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { RouteErrorBoundary } from './route-error.tsx';

beforeAll(() => {
  initI18n().changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const Broken = () => {
  throw new TypeError('Failed to fetch dynamically imported module');
};

describe('a screen that cannot open', () => {
  it('offline, says it is not stored yet and what to do, not "unknown error"', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <RouteErrorBoundary pathname="/reports">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe('This screen is not on this device yet');
    expect(screen.getByTestId('route-error').textContent).toContain('Connect to the internet once');
  });
});
