import { beforeEach, describe, expect, it, vi } from 'vitest';

const mockMedia = (dark: boolean) =>
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: dark && q.includes('dark'), media: q }));

/** The theme as `initTheme` picks it with this OS preference and this stored value (null: none). */
async function startTheme(prefersDark: boolean, stored: string | null) {
  mockMedia(prefersDark);
  if (stored === null) localStorage.removeItem('theme');
  else localStorage.setItem('theme', stored);
  const store = await import('./theme-store.ts');
  store.initTheme();
  return store;
}

describe('theme store', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('uses the stored theme when valid', async () => {
    const { getTheme } = await startTheme(false, 'dark');
    expect(getTheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('falls back to the OS preference when nothing valid is stored', async () => {
    expect((await startTheme(true, 'purple')).getTheme()).toBe('dark');
    // The same module again: initTheme reads the preference afresh.
    expect((await startTheme(false, null)).getTheme()).toBe('light');
  });

  it('saves every change', async () => {
    const { toggleTheme } = await startTheme(false, null);
    toggleTheme();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    toggleTheme();
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
