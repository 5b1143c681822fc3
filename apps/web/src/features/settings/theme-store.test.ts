import { beforeEach, describe, expect, it, vi } from 'vitest';

const mockMedia = (dark: boolean) =>
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: dark && q.includes('dark'), media: q }));

describe('theme store', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('uses the stored theme when valid', async () => {
    mockMedia(false);
    localStorage.setItem('theme', 'dark');
    const { initTheme, getTheme } = await import('./theme-store.ts');
    initTheme();
    expect(getTheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('falls back to the OS preference when nothing valid is stored', async () => {
    mockMedia(true);
    localStorage.setItem('theme', 'purple');
    const { initTheme, getTheme } = await import('./theme-store.ts');
    initTheme();
    expect(getTheme()).toBe('dark');
    mockMedia(false);
    localStorage.removeItem('theme');
    initTheme();
    expect(getTheme()).toBe('light');
  });

  it('saves every change', async () => {
    mockMedia(false);
    const { initTheme, toggleTheme } = await import('./theme-store.ts');
    initTheme();
    toggleTheme();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    toggleTheme();
    expect(localStorage.getItem('theme')).toBe('light');
  });
});
