import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '../../db/database.ts';
import { engine } from '../../sync/runtime.ts';
import { setUpComponentTests } from '../../test/component-setup.ts';
import { OfflineReadiness } from './offline-readiness.tsx';

setUpComponentTests(() => [db.syncQueue]);
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  engine.setState({ lastSyncTime: null });
});

describe('ready to work offline', () => {
  it('says what is still being stored, then that the device is ready', async () => {
    engine.setState({ lastSyncTime: null });
    let installed = () => {};
    const ready = new Promise<void>((resolve) => {
      installed = resolve;
    });
    const worker = Object.assign(new EventTarget(), { controller: null, ready });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
    render(<OfflineReadiness />);
    const box = screen.getByTestId('offline-ready');
    expect(box.dataset.ready).toBe('false');
    expect(box.textContent).toContain('Getting this device ready to work offline');
    expect([...box.querySelectorAll('li')].map((li) => li.dataset.done)).toEqual(['false', 'false']);
    // The service worker is installed and active (every screen stored), then the first sync ends.
    await act(async () => installed());
    expect([...box.querySelectorAll('li')].map((li) => li.dataset.done)).toEqual(['true', 'false']);
    act(() => engine.setState({ lastSyncTime: Date.now() }));
    expect(screen.getByTestId('offline-ready').textContent).toContain('Ready to work offline');
  });
});
