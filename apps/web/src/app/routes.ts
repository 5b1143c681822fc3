/**
 * The one route table: every screen's path, lazy page loader, title key, guard and sidebar
 * entry. The router (router.tsx), the document titles (each route's handle), the sidebar, the
 * 404 page's screen search and the tests all read it, so adding a screen is one entry here.
 * Pure data (no JSX): the page modules load only when their route is opened. The catch-all 404
 * page is added by the router (it searches this table, so it cannot be loaded from it).
 */
import type { ComponentType } from 'react';
import type { NavIconName } from '../components/ui/icons.tsx';
import { preloadListDialogs } from '../features/travelers/list-dialog-loaders.ts';
import type { SidebarItem } from './shell/sidebar.tsx';

/**
 * Who may open a route. guest: only without a session (a logged-in user goes home); user:
 * any logged-in user; admin: logged-in admins; supervisor: admins and those working as a post's
 * supervisor (lib/work-scope.ts); public: everyone.
 */
type Guard = 'guest' | 'user' | 'admin' | 'supervisor' | 'public';

interface NavEntry {
  icon: NavIconName;
  /** Position in the sidebar, lowest first; admin entries follow under their own heading. */
  order: number;
}

export interface AppRoute {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** i18n key of the screen's title: the document title, the sidebar label, the 404 search. */
  titleKey: string;
  guard: Guard;
  /** Shown in the sidebar (to the roles the guard admits). */
  nav?: NavEntry;
  /** The screen shows only start texts (i18n/index.ts): it does not wait for the screen texts. */
  startTexts?: true;
  /** The screen shows later texts too (i18n/index.ts, LATER_FEATURES): it waits for them. */
  laterTexts?: true;
}

export const HOME_PATH = '/dashboard';

const healthDeclaration = () => import('../features/health-declaration/health-declaration-page.tsx');

export const APP_ROUTES: readonly AppRoute[] = [
  {
    path: '/dashboard',
    load: () => import('../features/dashboard/dashboard-page.tsx'),
    titleKey: 'app.routes.dashboard',
    guard: 'user',
    nav: { icon: 'home', order: 0 },
  },
  {
    path: '/entry-management',
    // The list's dialogs load next to the list (features/travelers/list-dialog-loaders.ts).
    load: () => {
      preloadListDialogs();
      return import('../features/travelers/entry-management-page.tsx');
    },
    titleKey: 'app.routes.entryManagement',
    guard: 'user',
    nav: { icon: 'list', order: 1 },
  },
  {
    path: '/health-declaration',
    load: healthDeclaration,
    titleKey: 'app.routes.healthDeclaration',
    guard: 'user',
    nav: { icon: 'heart', order: 2 },
  },
  {
    path: '/health-declaration/:travelerId',
    load: healthDeclaration,
    titleKey: 'app.routes.healthDeclaration',
    guard: 'user',
  },
  {
    path: '/needs-attention',
    load: () => import('../features/lifecycle/needs-attention-page.tsx'),
    titleKey: 'app.routes.needsAttention',
    guard: 'user',
    nav: { icon: 'heart', order: 2.5 },
  },
  {
    path: '/form-demo',
    load: () => import('../features/demo-form/form-demo-page.tsx'),
    titleKey: 'app.routes.formDemo',
    guard: 'user',
    laterTexts: true,
    // The spec lists the page; it is a developer's demo, not officer's work: no sidebar entry.
  },
  {
    path: '/pwa-settings',
    load: () => import('../features/pwa/pwa-settings-page.tsx'),
    titleKey: 'app.routes.pwaSettings',
    guard: 'user',
    laterTexts: true,
    nav: { icon: 'gear', order: 4 },
  },
  {
    path: '/reports',
    load: () => import('../features/reports/reports-page.tsx'),
    titleKey: 'app.routes.reports',
    guard: 'user',
    nav: { icon: 'chart', order: 5 },
  },
  {
    path: '/profile',
    load: () => import('../features/profile/profile-page.tsx'),
    titleKey: 'app.routes.profile',
    guard: 'user',
    // The password change's refusals are users' texts (users.errors.currentPasswordWrong).
    laterTexts: true,
  },
  {
    // Reached from the user menu: every account's own devices (a supervisor's post's, an admin's all).
    path: '/devices',
    load: () => import('../features/devices/devices-page.tsx'),
    titleKey: 'app.routes.devices',
    guard: 'user',
    laterTexts: true,
  },
  {
    path: '/admin/users',
    load: () => import('../features/users/users-page.tsx'),
    titleKey: 'app.routes.users',
    guard: 'admin',
    laterTexts: true,
    nav: { icon: 'users', order: 1 },
  },
  {
    path: '/admin/posts',
    load: () => import('../features/posts/posts-page.tsx'),
    titleKey: 'posts.title',
    guard: 'admin',
    nav: { icon: 'mapPin', order: 1.5 },
  },
  {
    path: '/admin/account-requests',
    load: () => import('../features/users/account-requests-page.tsx'),
    titleKey: 'app.routes.accountRequests',
    // A supervisor decides the requests for their post (the server shows them only those).
    guard: 'supervisor',
    laterTexts: true,
    nav: { icon: 'inbox', order: 2 },
  },
  {
    path: '/intake/scan',
    load: () => import('../features/intake/scan-page.tsx'),
    titleKey: 'intake.scan.title',
    guard: 'user',
  },
  {
    path: '/admin/deleted-travelers',
    load: () => import('../features/intake/deleted-travelers-page.tsx'),
    titleKey: 'intake.trash.title',
    guard: 'admin',
  },
  {
    path: '/pre-arrival',
    load: () => import('../features/intake/pre-arrival-page.tsx'),
    titleKey: 'intake.preArrival.title',
    guard: 'public',
    laterTexts: true,
  },
  {
    path: '/admin/audit',
    load: () => import('../features/audit/audit-page.tsx'),
    titleKey: 'app.routes.audit',
    guard: 'admin',
    laterTexts: true,
    nav: { icon: 'shield', order: 3 },
  },
  {
    // The retention period and the privacy notice's contact (issue 33 points 6 and 7).
    path: '/admin/privacy',
    load: () => import('../features/privacy/privacy-settings-page.tsx'),
    titleKey: 'app.routes.privacy',
    guard: 'admin',
    laterTexts: true,
    nav: { icon: 'gear', order: 3.5 },
  },
  {
    path: '/login',
    load: () => import('../features/auth/login-page.tsx'),
    titleKey: 'app.routes.login',
    guard: 'guest',
    startTexts: true,
  },
  {
    path: '/auth/register',
    load: () => import('../features/auth/register-page.tsx'),
    titleKey: 'app.routes.register',
    guard: 'guest',
    startTexts: true,
  },
];

export const routesWith = (guard: Guard): AppRoute[] => APP_ROUTES.filter((r) => r.guard === guard);

/** A route one can go to by name: a fixed path (no parameter, not the catch-all). */
export const isNamedScreen = (route: AppRoute): boolean => !route.path.includes(':') && route.path !== '*';

/** The sidebar's entries of routes with these guards, in their order. */
export function navEntries(...guards: ('user' | 'admin' | 'supervisor')[]): SidebarItem[] {
  return guards
    .flatMap(routesWith)
    .flatMap((r) =>
      r.nav ? [{ path: r.path, labelKey: r.titleKey, icon: r.nav.icon, order: r.nav.order }] : [],
    )
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...item }) => item);
}
