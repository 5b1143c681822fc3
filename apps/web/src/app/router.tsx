/**
 * The router, built from the route table (routes.ts): guest screens behind GuestOnly, user
 * screens inside the lazy frame behind RequireAuth, admin screens behind the admin role, and
 * the catch-all 404 page (which searches the table). Every page is lazy-loaded so the login route's JavaScript stays small;
 * `handle.titleKey` gives the document title (title-updater.tsx).
 */
import { createBrowserRouter, matchPath, Navigate, type RouteObject } from 'react-router';
import { getSession } from '../lib/session.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { RouteError } from './route-error.tsx';
import { type AppRoute, HOME_PATH, routesWith } from './routes.ts';
import { TitleUpdater } from './title-updater.tsx';

const page = (load: AppRoute['load']) => async () => ({ Component: (await load()).default });

const screen = (route: AppRoute): RouteObject => ({
  path: route.path,
  handle: { titleKey: route.titleKey },
  lazy: page(route.load),
});

/** Guest screens keep the title on the path and the page as its index child. */
const guestScreen = (route: AppRoute): RouteObject => ({
  path: route.path,
  handle: { titleKey: route.titleKey },
  element: <GuestOnly />,
  children: [{ index: true, lazy: page(route.load) }],
});

export const routes: RouteObject[] = [
  {
    element: <TitleUpdater />,
    errorElement: <RouteError />,
    // Every screen is lazy: while the first one loads there is nothing to hydrate, and saying
    // so here keeps React Router from warning about a missing HydrateFallback on each load.
    HydrateFallback: () => null,
    children: [
      { path: '/', element: <Navigate to={HOME_PATH} replace /> },
      {
        element: <RequireAuth />,
        children: [
          {
            // The frame is lazy too: the login route's JavaScript does not carry it.
            lazy: page(() => import('./app-layout.tsx')),
            children: [
              ...routesWith('user').map(screen),
              { element: <RequireAuth requiredRole="admin" />, children: routesWith('admin').map(screen) },
            ],
          },
        ],
      },
      ...routesWith('guest').map(guestScreen),
      ...routesWith('public').map(screen),
      {
        path: '*',
        handle: { titleKey: 'app.routes.notFound' },
        lazy: page(() => import('./not-found-page.tsx')),
      },
    ],
  },
];

/**
 * A visitor without a session who opens `/` or a signed-in screen starts on /login: the router
 * loads every lazy route of a match at once, so it would download the frame and the page (the
 * database layer included) only for RequireAuth to send the visitor to the login screen.
 */
function startSignedOutOnLogin() {
  if (getSession()) return;
  const path = window.location.pathname;
  const signedIn = [...routesWith('user'), ...routesWith('admin')].some((r) => matchPath(r.path, path));
  if (path === '/' || signedIn) window.history.replaceState(null, '', '/login');
}

startSignedOutOnLogin();
export const router = createBrowserRouter(routes);
