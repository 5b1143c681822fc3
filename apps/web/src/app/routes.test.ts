import { SUPPORTED_LOCALES } from '@bh/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildResources } from '../i18n/index.ts';
import { APP_ROUTES, navEntries } from './routes.ts';

const pathsOf = (routes: RouteObject[]): string[] =>
  routes.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])]);

describe('route table', () => {
  it('drives the router: every route of the table and nothing else (plus the / redirect and the 404)', async () => {
    const { routes } = await import('./router.tsx');
    expect(pathsOf(routes).sort()).toEqual(['/', '*', ...APP_ROUTES.map((r) => r.path)].sort());
  });

  it('every title key is translated in every language', () => {
    const resources = buildResources();
    for (const lang of SUPPORTED_LOCALES) {
      for (const route of APP_ROUTES) {
        const value = route.titleKey
          .split('.')
          .reduce<unknown>(
            (node, part) => (typeof node === 'object' && node ? Reflect.get(node, part) : undefined),
            resources[lang],
          );
        expect(typeof value, `${lang} ${route.titleKey}`).toBe('string');
      }
    }
  });

  it('gives the sidebar its entries in order, admin screens apart; the form demo is not one', () => {
    expect(navEntries('user').map((e) => e.path)).toEqual([
      '/dashboard',
      '/entry-management',
      '/health-declaration',
      '/needs-attention',
      '/pwa-settings',
      '/reports',
    ]);
    expect(navEntries('admin', 'supervisor').map((e) => e.path)).toEqual([
      '/admin/users',
      '/admin/posts',
      '/admin/account-requests',
      '/admin/audit',
      '/admin/privacy',
    ]);
    expect(navEntries('supervisor').map((e) => e.path)).toEqual(['/admin/account-requests']);
  });

  it('every page loader resolves to a component', async () => {
    for (const route of APP_ROUTES) expect(typeof (await route.load()).default, route.path).toBe('function');
  }, 30_000);
});
