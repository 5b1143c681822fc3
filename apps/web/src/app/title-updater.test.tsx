import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLocale } from '../i18n/index.ts';
import { TitleUpdater } from './title-updater.tsx';

beforeAll(() => {
  initI18n();
  setLocale('en');
});

const routerFor = (path: string) =>
  createMemoryRouter(
    [
      {
        element: <TitleUpdater />,
        children: [
          { path: '/known', handle: { titleKey: 'app.routes.formDemo' }, element: <p>known</p> },
          { path: '/missing', handle: { titleKey: 'app.routes.noSuchRoute' }, element: <p>missing</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );

describe('TitleUpdater', () => {
  it('sets "<route title> - <app title>"', async () => {
    render(<RouterProvider router={routerFor('/known')} />);
    await waitFor(() => expect(document.title).toBe('Form demo - Border Health Control'));
  });

  it('uses the raw key when the title has no translation', async () => {
    render(<RouterProvider router={routerFor('/missing')} />);
    await waitFor(() => expect(document.title).toBe('app.routes.noSuchRoute - Border Health Control'));
  });
});
