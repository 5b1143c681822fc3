import { render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLocale } from '../i18n/index.ts';
import { routeTitleKey, TitleUpdater } from './title-updater.tsx';

beforeAll(() => {
  initI18n();
  setLocale('en');
});

const titles: Record<string, string> = {
  '/known': 'app.routes.formDemo',
  '/missing': 'app.routes.noSuchRoute',
};

describe('TitleUpdater', () => {
  it('sets "<route title> - <app title>"', async () => {
    render(<TitleUpdater pathname="/known" titleKeyOf={(p) => titles[p]} />);
    await waitFor(() => expect(document.title).toBe('Form demo - Border Health Control'));
  });

  it('uses the raw key when the title has no translation', async () => {
    render(<TitleUpdater pathname="/missing" titleKeyOf={(p) => titles[p]} />);
    await waitFor(() => expect(document.title).toBe('app.routes.noSuchRoute - Border Health Control'));
  });

  it('takes the title from the route table: the route, else the 404 page, none for the / redirect', () => {
    expect(routeTitleKey('/form-demo')).toBe('app.routes.formDemo');
    expect(routeTitleKey('/health-declaration/abc')).toBe('app.routes.healthDeclaration');
    expect(routeTitleKey('/no/such/screen')).toBe('app.routes.notFound');
    expect(routeTitleKey('/')).toBeUndefined();
  });
});
