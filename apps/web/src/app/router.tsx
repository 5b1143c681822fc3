/**
 * The route table of the spec (section 2) plus the admin screens. Every screen is lazy-loaded
 * so the login route's JavaScript stays small. `handle.titleKey` gives the document title.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RouteError } from './route-error.tsx';
import { TitleUpdater } from './title-updater.tsx';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    element: <TitleUpdater />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/entry-management" replace /> },
      {
        element: <RequireAuth />,
        children: [
          {
            // The frame is lazy too: the login route's JavaScript does not carry it.
            lazy: page(() => import('./app-layout.tsx')),
            children: [
              {
                path: '/entry-management',
                handle: { titleKey: 'app.routes.entryManagement' },
                lazy: page(() => import('../features/travelers/entry-management-page.tsx')),
              },
              {
                path: '/health-declaration',
                handle: { titleKey: 'app.routes.healthDeclaration' },
                lazy: page(() => import('../features/health-declaration/health-declaration-page.tsx')),
              },
              {
                path: '/health-declaration/:travelerId',
                handle: { titleKey: 'app.routes.healthDeclaration' },
                lazy: page(() => import('../features/health-declaration/health-declaration-page.tsx')),
              },
              {
                path: '/form-demo',
                handle: { titleKey: 'app.routes.formDemo' },
                lazy: page(() => import('../features/demo-form/form-demo-page.tsx')),
              },
              {
                path: '/pwa-settings',
                handle: { titleKey: 'app.routes.pwaSettings' },
                lazy: page(() => import('../features/pwa/pwa-settings-page.tsx')),
              },
              {
                element: <RequireAuth requiredRole="admin" />,
                children: [
                  {
                    path: '/admin/users',
                    handle: { titleKey: 'app.routes.users' },
                    lazy: page(() => import('../features/users/users-page.tsx')),
                  },
                  {
                    path: '/admin/account-requests',
                    handle: { titleKey: 'app.routes.accountRequests' },
                    lazy: page(() => import('../features/users/account-requests-page.tsx')),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '/login',
        handle: { titleKey: 'app.routes.login' },
        element: <GuestOnly />,
        children: [{ index: true, lazy: page(() => import('../features/auth/login-page.tsx')) }],
      },
      {
        path: '/auth/register',
        handle: { titleKey: 'app.routes.register' },
        element: <GuestOnly />,
        children: [{ index: true, lazy: page(() => import('../features/auth/register-page.tsx')) }],
      },
      {
        path: '*',
        handle: { titleKey: 'app.routes.notFound' },
        lazy: page(() => import('./not-found-page.tsx')),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
