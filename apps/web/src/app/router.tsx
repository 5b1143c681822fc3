/**
 * The routes, built from the route table (routes.ts): guest screens behind GuestOnly, user
 * screens inside the lazy frame behind RequireAuth, admin screens behind the admin role, and
 * the catch-all 404 page (which searches the table). Declarative React Router (BrowserRouter +
 * useRoutes), not the data router: the app uses no loaders or actions, and the data router
 * would add weight to the login route (docs/decisions/013-measured-figures.md). Every page is a
 * lazy screen (lazy-screen.tsx) so the login route's JavaScript stays small; the first screen
 * is loaded before the first render (`preloadScreen`), later ones while the previous screen
 * stays on view (React Router navigates in a transition).
 */
import { BrowserRouter, matchPath, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { loadLaterTexts, loadScreenTexts } from '../i18n/index.ts';
import { getSession } from '../lib/session.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { LazyPage, type LazyScreen, lazyScreen } from './lazy-screen.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { type AppRoute, HOME_PATH, routesWith } from './routes.ts';
import { TitleUpdater } from './title-updater.tsx';

/** A page's code and, unless it shows only start texts, the screen texts (i18n/index.ts). */
const withTexts =
  (load: AppRoute['load'], later = false): AppRoute['load'] =>
  () =>
    Promise.all([load(), loadScreenTexts(), later ? loadLaterTexts() : undefined]).then(([page]) => page);

// One lazy screen per page module, shared by the routes that show it.
const screens = new Map<AppRoute['load'], LazyScreen>();
const screenOf = (route: AppRoute): LazyScreen => {
  let screen = screens.get(route.load);
  if (!screen) {
    screen = lazyScreen(route.startTexts ? route.load : withTexts(route.load, route.laterTexts));
    screens.set(route.load, screen);
  }
  return screen;
};
const frame = lazyScreen(withTexts(() => import('./app-layout.tsx')));
const notFound = lazyScreen(withTexts(() => import('./not-found-page.tsx')));

const screen = (route: AppRoute): RouteObject => ({
  path: route.path,
  element: <LazyPage screen={screenOf(route)} />,
});

/** Guest screens keep the page as the index child of their guard. */
const guestScreen = (route: AppRoute): RouteObject => ({
  path: route.path,
  element: <GuestOnly />,
  children: [{ index: true, element: <LazyPage screen={screenOf(route)} /> }],
});

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={HOME_PATH} replace /> },
  {
    element: <RequireAuth />,
    children: [
      {
        // The frame is lazy too: the login route's JavaScript does not carry it.
        element: <LazyPage screen={frame} />,
        children: [
          ...routesWith('user').map(screen),
          { element: <RequireAuth requiredRole="admin" />, children: routesWith('admin').map(screen) },
          {
            element: <RequireAuth requiredRole="supervisor" />,
            children: routesWith('supervisor').map(screen),
          },
        ],
      },
    ],
  },
  ...routesWith('guest').map(guestScreen),
  ...routesWith('public').map(screen),
  { path: '*', element: <LazyPage screen={notFound} /> },
];

const signedInRoutes = () => [...routesWith('user'), ...routesWith('admin'), ...routesWith('supervisor')];

/**
 * A visitor without a session who opens `/` or a signed-in screen starts on /login, so the
 * first screen loaded is the login page (not the frame and the page, the database layer
 * included, only for RequireAuth to send the visitor away).
 */
function startSignedOutOnLogin() {
  if (getSession()) return;
  const path = window.location.pathname;
  const signedIn = signedInRoutes().some((r) => matchPath(r.path, path));
  if (path === '/' || signedIn) window.history.replaceState(null, '', '/login');
}

/**
 * Loads the code of the screen at this path (the frame with a signed-in screen): main.tsx
 * awaits it before the first render, so the first paint is the screen, not an empty page.
 * A failed load is shown by the error boundary when the screen renders.
 */
export function preloadScreen(path: string): Promise<unknown> {
  const target = path === '/' ? HOME_PATH : path;
  const route = [...routesWith('guest'), ...routesWith('public'), ...signedInRoutes()].find((r) =>
    matchPath(r.path, target),
  );
  const wanted = !route
    ? [notFound]
    : route.guard === 'user' || route.guard === 'admin' || route.guard === 'supervisor'
      ? [frame, screenOf(route)]
      : [screenOf(route)];
  return Promise.allSettled(wanted.map((s) => s.preload()));
}

function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary pathname={pathname}>
      <TitleUpdater pathname={pathname} />
      {element}
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

startSignedOutOnLogin();
