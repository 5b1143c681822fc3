import { describe, expect, it } from 'vitest';
import { matchScreens, reachableScreens } from './screens.ts';

const titles: Record<string, string> = {
  'app.routes.healthDeclaration': 'Khai báo y tế',
  'app.routes.entryManagement': 'Quản lý nhập cảnh',
};
const t = (k: string) => titles[k] ?? k;

describe('screens', () => {
  it('shows guests only login, register and the public pre-arrival form, officers no admin screens', () => {
    expect(reachableScreens(null).map((s) => s.path)).toEqual(['/pre-arrival', '/login', '/auth/register']);
    expect(reachableScreens('officer').some((s) => s.path.startsWith('/admin'))).toBe(false);
    expect(reachableScreens('admin').some((s) => s.path === '/admin/users')).toBe(true);
  });

  it('matches translated titles without case or accents', () => {
    const screens = reachableScreens('officer');
    expect(matchScreens(screens, 'KHAI BAO', t).map((s) => s.path)).toEqual(['/health-declaration']);
    expect(matchScreens(screens, 'nhập', t).map((s) => s.path)).toEqual(['/entry-management']);
    expect(matchScreens(screens, '   ', t)).toEqual([]);
  });
});
