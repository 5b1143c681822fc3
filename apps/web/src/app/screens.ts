/** The screens a user can go to by name (404 search and suggestions), from the route table. */
import { foldForSearch, type Role, searchKey } from '@bh/shared';
import { APP_ROUTES, type AppRoute, isNamedScreen } from './routes.ts';

export type Screen = Pick<AppRoute, 'path' | 'titleKey' | 'guard'>;

const SCREENS: readonly Screen[] = APP_ROUTES.filter(isNamedScreen);

/** Whether a visitor with this role (null: not logged in) may open a route with this guard. */
function admits(guard: AppRoute['guard'], role: Role | null): boolean {
  switch (guard) {
    case 'public':
      return true;
    case 'guest':
      return role === null;
    case 'user':
      return role !== null;
    case 'admin':
    case 'supervisor':
      return role === 'admin';
  }
}

/** Screens this visitor can open: guests see login/register, users their screens. */
export function reachableScreens(role: Role | null): Screen[] {
  return SCREENS.filter((s) => admits(s.guard, role));
}

/** Case- and accent-insensitive match of a screen title (or path) against the query. */
export function matchScreens(screens: Screen[], query: string, translate: (key: string) => string): Screen[] {
  const q = searchKey(query);
  if (!q) return [];
  return screens.filter((s) => foldForSearch(translate(s.titleKey)).includes(q) || s.path.includes(q));
}
