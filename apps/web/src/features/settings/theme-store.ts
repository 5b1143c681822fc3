/**
 * Light/dark theme (daisyUI `data-theme` on <html>): the stored `theme` if valid, else the
 * operating system's preference; saved on every change.
 */
import { STORAGE_KEYS, THEMES, type Theme } from '@bh/shared';
import { useSyncExternalStore } from 'react';
import { storage } from '../../lib/storage.ts';

const listeners = new Set<() => void>();

const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (THEMES as readonly string[]).includes(value);

function systemTheme(): Theme {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

export function detectTheme(): Theme {
  const stored = storage.get(STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : systemTheme();
}

let current: Theme = detectTheme();

function apply(theme: Theme) {
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
}

export function getTheme(): Theme {
  return current;
}

export function setTheme(theme: Theme) {
  current = theme;
  storage.set(STORAGE_KEYS.theme, theme);
  apply(theme);
  for (const l of listeners) l();
}

export function toggleTheme() {
  setTheme(current === 'dark' ? 'light' : 'dark');
}

/** Applies the detected theme at start-up (before the first paint of the app). */
export function initTheme() {
  current = detectTheme();
  apply(current);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, getTheme);
}
