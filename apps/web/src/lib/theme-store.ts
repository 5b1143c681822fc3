/**
 * Light/dark theme (daisyUI `data-theme` on <html>): the stored `theme` if valid, else the
 * operating system's preference; saved on every change.
 */
import { STORAGE_KEYS, THEMES, type Theme } from '@bh/shared';
import { storage } from './storage.ts';
import { createStore } from './store.ts';

const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value);

function systemTheme(): Theme {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

function detectTheme(): Theme {
  const stored = storage.get(STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : systemTheme();
}

const themeStore = createStore<Theme>(detectTheme());

function apply(theme: Theme) {
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
}

/** The current theme. Only the tests read it (through a fresh import of this module). @public */
export const getTheme = themeStore.get;

function setTheme(theme: Theme) {
  storage.set(STORAGE_KEYS.theme, theme);
  apply(theme);
  themeStore.set(theme);
}

export function toggleTheme() {
  setTheme(themeStore.get() === 'dark' ? 'light' : 'dark');
}

/** Applies the detected theme at start-up (before the first paint of the app). */
export function initTheme() {
  const theme = detectTheme();
  themeStore.set(theme);
  apply(theme);
}

export function useTheme(): Theme {
  return themeStore.use();
}
