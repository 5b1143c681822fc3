/** The screens a user can go to by name (404 search and suggestions), with their title keys. */
export interface Screen {
  path: string;
  titleKey: string;
  /** Needs a login; admin-only screens also need the admin role. */
  access: 'guest' | 'user' | 'admin';
}

export const SCREENS: readonly Screen[] = [
  { path: '/entry-management', titleKey: 'app.routes.entryManagement', access: 'user' },
  { path: '/health-declaration', titleKey: 'app.routes.healthDeclaration', access: 'user' },
  { path: '/form-demo', titleKey: 'app.routes.formDemo', access: 'user' },
  { path: '/pwa-settings', titleKey: 'app.routes.pwaSettings', access: 'user' },
  { path: '/admin/users', titleKey: 'app.routes.users', access: 'admin' },
  { path: '/admin/account-requests', titleKey: 'app.routes.accountRequests', access: 'admin' },
  { path: '/login', titleKey: 'app.routes.login', access: 'guest' },
  { path: '/auth/register', titleKey: 'app.routes.register', access: 'guest' },
];

/** Screens this visitor can open: guests see login/register, users their screens. */
export function reachableScreens(role: 'admin' | 'officer' | null): Screen[] {
  return SCREENS.filter((s) =>
    role === null ? s.access === 'guest' : s.access === 'user' || (s.access === 'admin' && role === 'admin'),
  );
}

/** Case- and accent-insensitive match of a screen title (or path) against the query. */
export function matchScreens(screens: Screen[], query: string, translate: (key: string) => string): Screen[] {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .replace(/đ/g, 'd')
      .toLowerCase();
  const q = fold(query.trim());
  if (!q) return [];
  return screens.filter((s) => fold(translate(s.titleKey)).includes(q) || s.path.includes(q));
}
